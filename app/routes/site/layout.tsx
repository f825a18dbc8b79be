import { Outlet, useNavigation } from "react-router";
import { ChatButton } from "~/components/site/chat-button";
import { Footer } from "~/components/site/footer";
import { Header } from "~/components/site/header";
import { getPublicSettings } from "~/features/settings/settings.server";
import { toPublicShell } from "~/features/settings/settings.schema";
import { getServices } from "~/services.server";
import type { Route } from "./+types/layout";

export async function loader({ context }: Route.LoaderArgs) {
  return { shell: toPublicShell(await getPublicSettings(getServices(context).db)) };
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const { shell } = loaderData;
  const navigation = useNavigation();
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        Skip to content
      </a>
      <Header logoUrl={shell.logoUrl} />
      <main id="main" className="flex-1" aria-busy={navigation.state === "loading"}>
        <Outlet />
      </main>
      <Footer shell={shell} />
      <ChatButton number={shell.whatsappNumber} />
    </div>
  );
}
