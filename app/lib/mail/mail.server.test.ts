import { describe, expect, it } from "vitest";
import { greetingName, siteSender } from "./mail.server";

describe("siteSender: one From for every email of the site", () => {
  it("is INQUIRY_NOTIFY_FROM when set", () => {
    expect(
      siteSender({ inquiryNotifyFrom: "Website <w@ganga.example>", inquiryNotifyTo: "a@ganga.example" }, "Ganga"),
    ).toBe("Website <w@ganga.example>");
  });

  it("is the team's first address under the company's name, never the whole list", () => {
    expect(siteSender({ inquiryNotifyTo: " sales@ganga.example , ops@ganga.example" }, "Ganga")).toEqual({
      name: "Ganga",
      address: "sales@ganga.example",
    });
  });

  it("is no-reply at the site's host when no team address is set (account mail)", () => {
    expect(siteSender({ smtpUrl: "smtp://m" }, "Ganga", "ganga.example")).toBe("no-reply@ganga.example");
  });
});

describe("greetingName", () => {
  it("keeps a name in any script and refuses anything a stranger could use to write in the exporter's name", () => {
    expect(greetingName("  Rahim   Uddin ")).toBe("Rahim Uddin");
    expect(greetingName("রহিম উদ্দিন")).toBe("রহিম উদ্দিন");
    expect(greetingName("محمد")).toBe("محمد");
    expect(greetingName("Click http://evil.example")).toBeNull();
    expect(greetingName("win.example")).toBeNull();
    expect(greetingName("a b c d e")).toBeNull();
    expect(greetingName("x".repeat(41))).toBeNull();
  });
});
