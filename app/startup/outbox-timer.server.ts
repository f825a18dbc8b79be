import { sendAccountMessage } from "~/features/accounts/account-mail.server";
import { sendSignInMessage } from "~/features/buyers/sign-in-links.server";
import { sendOrderMessage } from "~/features/orders/order-mail.server";
import { sendQuoteAnswerMessage } from "~/features/quotes/buyer-response.server";
import { sendQuoteMessage } from "~/features/quotes/quote-outbox.server";
import type { QuoteServices } from "~/features/quotes/quote-outbox.server";
import { startBackgroundTask, type BackgroundTask } from "~/lib/background-task.server";
import { sendInquiryMessage } from "~/features/inquiries/mail-queue.server";
import { deliverDueMessages, type OutboxMessage, type SendMessage } from "~/features/outbox/outbox.server";

// Above the features (app/startup): it knows every kind of email, and the features only the outbox.
/** The sender of each kind of email in the outbox. */
export const outboxSender =
  (services: QuoteServices, clock: () => number = Date.now): SendMessage =>
  (message: OutboxMessage) => {
    switch (message.kind) {
      case "quote":
        return sendQuoteMessage(services)(message);
      case "quote-answer":
        return sendQuoteAnswerMessage(services.db, services.config)(message);
      case "inquiry-notification":
      case "inquiry-receipt":
        return sendInquiryMessage(services.db, services.config, clock)(message);
      case "account-invite":
      case "account-reset":
      case "account-code-lock":
        return sendAccountMessage(services.db, services.config, clock)(message);
      case "order-proforma":
      case "order-shipment":
      case "order-payment":
        return sendOrderMessage(services)(message);
      case "buyer-sign-in":
        return sendSignInMessage(services.db, services.config, clock)(message);
    }
  };

/** The process's outbox timer (server/serve.ts): due emails every 30 s, on every instance, one run at a time. */
export function startOutboxTimer(
  services: QuoteServices,
  options: { clock?: () => number; intervalMs?: number } = {},
): BackgroundTask {
  return startBackgroundTask(
    "[outbox] timer",
    (keepGoing) => deliverDueMessages(services.db, outboxSender(services, options.clock), options.clock, keepGoing),
    { intervalMs: options.intervalMs ?? 30_000 },
  );
}
