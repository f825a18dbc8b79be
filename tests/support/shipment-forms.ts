// The forms a desk posts on a shipment's page (issue 44), as the tests that need a loaded, sailing shipment post them.

/**
 * 'Add Container': one 40 ft high cube carrying 29 MT of the order line `lineId` in 1,160 bags. The number is typed
 * with spaces as a desk would, and its ISO 6346 check digit is right (`MSKU1234565` once stored).
 */
export const containerForm = (lineId: string, overrides: Record<string, string> = {}): Record<string, string> => ({
  intent: "container",
  number: "MSKU 123456 5",
  container_type: "40hc",
  line_id: lineId,
  quantity: "29",
  packages: "1160",
  package_kind: "25 kg mesh bags",
  net_kg: "29000",
  gross_kg: "29580",
  ...overrides,
});

/** The voyage: MSC Aurora AU245W from Nhava Sheva to Jebel Ali, 2 to 9 December 2026, B/L MEDU1234567. */
export const voyageForm = (version: string): Record<string, string> => ({
  intent: "voyage",
  version,
  vessel: "MSC Aurora",
  voyage: "AU245W",
  port_of_loading: "Nhava Sheva",
  port_of_discharge: "Jebel Ali",
  etd: "2026-12-02",
  eta: "2026-12-09",
  bl_number: "MEDU1234567",
});
