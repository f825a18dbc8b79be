import type { QuantityUnit } from "~/features/catalogue/trade-terms/vocabulary";

/** A product's minimum order and what one container of it holds (MT), as the quote form compares them. */
export interface MinimumOrder {
  quantity: number;
  unit: QuantityUnit;
  /** "1 × 40 ft container" */
  text: string;
  /** MT per container, where the product says (its trade terms' container load). */
  containerMt: { "20 ft container": number | null; "40 ft container": number | null };
}

/** The quantity in metric tonnes, where it converts: MT, kg, and a container whose load the product gives. */
function inTonnes(quantity: number, unit: QuantityUnit, containerMt: MinimumOrder["containerMt"]): number | null {
  if (unit === "MT") return quantity;
  if (unit === "kg") return quantity / 1000;
  if (unit === "20 ft container" || unit === "40 ft container") {
    const load = containerMt[unit];
    return load === null ? null : quantity * load;
  }
  return null;
}

/**
 * True when the buyer's quantity is below the product's minimum order; false when not, and also when the two
 * cannot be compared reliably (cartons against tonnes, a container whose load the product does not give).
 */
export function belowMinimumOrder(quantity: number, unit: QuantityUnit, minimum: MinimumOrder): boolean {
  if (!(quantity > 0)) return false;
  if (unit === minimum.unit) return quantity < minimum.quantity;
  const asked = inTonnes(quantity, unit, minimum.containerMt);
  const least = inTonnes(minimum.quantity, minimum.unit, minimum.containerMt);
  if (asked === null || least === null) return false;
  // A thousandth of a tonne of slack: 1000 kg against 1 MT is not below.
  return asked < least - 1e-9;
}
