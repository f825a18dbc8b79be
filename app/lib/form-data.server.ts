import { data } from "react-router";

/**
 * The request's form, or a 400 thrown as a route response when the body is not a readable form (no body, another
 * content type, a broken multipart boundary). Garbage from a stranger is a bad request, never a server error.
 */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data("Bad Request: the form could not be read.", { status: 400 });
  }
}
