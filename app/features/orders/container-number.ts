/**
 * Freight container numbers (ISO 6346): a 3-letter owner code, an equipment category letter (U freight container,
 * J detachable equipment, Z trailer or chassis), a 6-digit serial number and a check digit, e.g. "MSKU 123456 5".
 * The check digit catches a mistyped number before it reaches a packing list or a bill of lading.
 */

export type ContainerNumberCheck = { ok: true; number: string } | { ok: false; message: string };

/** "msku 123456-7" → "MSKU1234567": the ways a number is written on a door or in an email, without the separators. */
export function normalizeContainerNumber(input: string): string {
  return input.toUpperCase().replace(/[\s\-/]/g, "");
}

// Letters count from 10 upwards, skipping the multiples of 11 (11, 22, 33), which would weigh like 0 mod 11:
// A10 B12 C13 … K21 L23 … U32 V34 … Z38.
const LETTER_VALUES = new Map<string, number>();
for (let code = 65, value = 10; code <= 90; code++, value++) {
  if (value % 11 === 0) value++;
  LETTER_VALUES.set(String.fromCharCode(code), value);
}

const PREFIX = /^[A-Z]{3}[UJZ]\d{6}$/;

/**
 * The check digit of a 10-character prefix (owner code, category letter, serial number): each character's value
 * times 2 to the power of its position (0 first), the sum mod 11, where 10 counts as 0. Null for anything that is
 * not such a prefix.
 */
export function containerCheckDigit(ownerEquipmentAndSerial: string): number | null {
  const prefix = normalizeContainerNumber(ownerEquipmentAndSerial);
  if (!PREFIX.test(prefix)) return null;
  let sum = 0;
  for (let position = 0; position < prefix.length; position++) {
    const char = prefix[position];
    const value = LETTER_VALUES.get(char) ?? Number(char);
    sum += value * 2 ** position;
  }
  return (sum % 11) % 10;
}

/** A container number as typed, checked: its normal form, or what is wrong with it in words a clerk can act on. */
export function checkContainerNumber(input: string): ContainerNumberCheck {
  const number = normalizeContainerNumber(input);
  if (!/^[A-Z]{4}\d{7}$/.test(number)) {
    return { ok: false, message: "A container number is 4 letters and 7 digits, e.g. MSKU 123456 7." };
  }
  const category = number[3];
  if (!"UJZ".includes(category)) {
    return {
      ok: false,
      message:
        `The fourth letter of ${number} is ${category}, but it must be U (a freight container), ` +
        "J (detachable equipment) or Z (a trailer or chassis).",
    };
  }
  const prefix = number.slice(0, 10);
  const expected = containerCheckDigit(prefix);
  const given = Number(number[10]);
  if (expected !== given) {
    return {
      ok: false,
      message: `The check digit of ${prefix} is ${expected}, not ${given}: check the number on the container's door.`,
    };
  }
  return { ok: true, number };
}
