// The back office's (and the contact page's) one form layer; see CODE_STYLE.md.
export { SchemaForm, useField, useFormBusy, useFormLoader } from "./form";
export {
  CheckboxField,
  ErrorList,
  Field,
  FieldLabel,
  inputClass,
  SelectField,
  SubmitButton,
  TextareaField,
} from "./fields";
export { FileInput, fileInputClass } from "./file-input";
export { KeptSubmissionProvider, type KeptSubmission } from "./kept-values";
export { ImageField, useUploadMaxBytes } from "./image-field";
export { CheckboxGroup, TextListField } from "./list-fields";
export { NameSlugFields } from "./name-slug-fields";
export { installUploadProgress, UploadProgress } from "./upload-progress";
