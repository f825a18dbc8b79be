import { describe, expect, it } from "vitest";
import { mailboxKey } from "./mailbox";

describe("mailboxKey", () => {
  it("folds case and drops a +tag, for any provider", () => {
    expect(mailboxKey(" Victim@Example.COM ")).toBe("victim@example.com");
    expect(mailboxKey("victim+1@example.com")).toBe("victim@example.com");
    expect(mailboxKey("Victim+news+more@EXAMPLE.com")).toBe("victim@example.com");
  });

  it("drops the dots of Gmail addresses, and reads googlemail.com as gmail.com", () => {
    expect(mailboxKey("v.i.c.t.i.m@gmail.com")).toBe("victim@gmail.com");
    expect(mailboxKey("V.ictim+x@GoogleMail.com")).toBe("victim@gmail.com");
  });

  it("keeps the dots where a provider does not ignore them", () => {
    expect(mailboxKey("vic.tim@example.com")).toBe("vic.tim@example.com");
    expect(mailboxKey("vic.tim@example.com")).not.toBe(mailboxKey("victim@example.com"));
  });

  it("leaves what is not an address as it is, folded", () => {
    expect(mailboxKey("+only@example.com")).toBe("+only@example.com");
    expect(mailboxKey("no-at-sign")).toBe("no-at-sign");
  });
});
