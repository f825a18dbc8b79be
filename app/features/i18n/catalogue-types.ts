/** A plural message: one text per `Intl.PluralRules` category the language uses; `other` always. */
export type PluralMessage = { other: string } & Partial<Record<Intl.LDMLPluralRule, string>>;
export type Message = string | PluralMessage;

/** A language's version of an English catalogue area: any of its keys, each a text or a plural like English's. */
export type Translated<T> = { [K in keyof T]?: T[K] extends string ? string : PluralMessage };
