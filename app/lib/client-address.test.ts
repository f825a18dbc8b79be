import { describe, expect, it } from "vitest";
import { throttleKeyOf } from "./client-address";

describe("throttleKeyOf", () => {
  it("keeps an IPv4 address as it is", () => {
    expect(throttleKeyOf("192.0.2.10")).toBe("192.0.2.10");
    expect(throttleKeyOf("192.0.2.11")).toBe("192.0.2.11");
  });

  it("keys an IPv6 address by its /64, however it is written", () => {
    expect(throttleKeyOf("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(throttleKeyOf("2001:0DB8:0001:0002:ffff:eeee:dddd:cccc")).toBe("2001:db8:1:2::/64");
    expect(throttleKeyOf("[2001:db8:1:2::99]")).toBe("2001:db8:1:2::/64");
    expect(throttleKeyOf("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(throttleKeyOf("::1")).toBe("0:0:0:0::/64");
    expect(throttleKeyOf("2001:db8::")).toBe("2001:db8:0:0::/64");
    expect(throttleKeyOf("2001:db8:1:3::1")).not.toBe(throttleKeyOf("2001:db8:1:2::1"));
  });

  it("reads an IPv4 address written as IPv6 as the IPv4 address", () => {
    expect(throttleKeyOf("::ffff:192.0.2.10")).toBe("192.0.2.10");
    expect(throttleKeyOf("::ffff:c000:20a")).toBe("192.0.2.10");
  });

  it("leaves anything else (a forwarded header's junk) as it is, bounded", () => {
    expect(throttleKeyOf("unknown")).toBe("unknown");
    expect(throttleKeyOf("x".repeat(500))).toHaveLength(100);
  });
});
