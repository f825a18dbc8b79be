import type { Migration } from "kysely";
import { initial } from "./0001_initial";
import { inquiries } from "./0002_inquiries";
import { redirectsAndImportDrafts } from "./0003_redirects_and_import_drafts";
import { contentVersion } from "./0004_content_version";
import { categoryPageIndex } from "./0005_category_page_index";
import { tradeReadyCatalogue } from "./0006_trade_ready_catalogue";
import { certificateValidity } from "./0007_certificate_validity";
import { mailRetries } from "./0008_mail_retries";
import { pageChanges } from "./0009_page_changes";
import { languages } from "./0010_languages";
import { history } from "./0011_history";
import { accounts } from "./0012_accounts";
import { formStash } from "./0013_form_stash";
import { quoteDesk } from "./0014_quote_desk";
import { publishedCategoryPageIndex } from "./0015_published_category_page_index";
import { buyerKeysFilled } from "./0016_buyer_keys";
import { demandScreenIndexes } from "./0017_demand_screen_indexes";
import { mediaAndPhotoImports } from "./0018_media_and_photo_imports";
import { accountTokenIssuer } from "./0019_account_token_issuer";
import { outbox } from "./0020_outbox";
import { demandBatches } from "./0021_demand_batches";
import { photoJobPictures } from "./0022_photo_job_pictures";
import { inquiryMailOutbox } from "./0023_inquiry_mail_outbox";
import { accountMailOutbox } from "./0024_account_mail_outbox";
import { inquiryCountryCode } from "./0025_inquiry_country_code";
import { catalogueGrowthIndexes } from "./0026_catalogue_growth_indexes";
import { siteSearch } from "./0027_site_search";
import { exchangeRates } from "./0028_exchange_rates";
import { orders } from "./0029_orders";
import { shipments } from "./0030_shipments";
import { orderProformas } from "./0031_order_proformas";
import { buyerAccountsAndLots } from "./0032_buyer_accounts_and_lots";
import { searchWordsAside } from "./0033_search_words_aside";

/** Explicit, ordered map: names sort in the order they must run. Never rename or edit a landed entry. */
export const migrations: Record<string, Migration> = {
  "0001_initial": initial,
  "0002_inquiries": inquiries,
  "0003_redirects_and_import_drafts": redirectsAndImportDrafts,
  "0004_content_version": contentVersion,
  "0005_category_page_index": categoryPageIndex,
  "0006_trade_ready_catalogue": tradeReadyCatalogue,
  "0007_certificate_validity": certificateValidity,
  "0008_mail_retries": mailRetries,
  "0009_page_changes": pageChanges,
  "0010_languages": languages,
  "0011_history": history,
  "0012_accounts": accounts,
  "0013_form_stash": formStash,
  "0014_quote_desk": quoteDesk,
  "0015_published_category_page_index": publishedCategoryPageIndex,
  "0016_buyer_keys": buyerKeysFilled,
  "0017_demand_screen_indexes": demandScreenIndexes,
  "0018_media_and_photo_imports": mediaAndPhotoImports,
  "0019_account_token_issuer": accountTokenIssuer,
  "0020_outbox": outbox,
  "0021_demand_batches": demandBatches,
  "0022_photo_job_pictures": photoJobPictures,
  "0023_inquiry_mail_outbox": inquiryMailOutbox,
  "0024_account_mail_outbox": accountMailOutbox,
  "0025_inquiry_country_code": inquiryCountryCode,
  "0026_catalogue_growth_indexes": catalogueGrowthIndexes,
  "0027_site_search": siteSearch,
  "0028_exchange_rates": exchangeRates,
  "0029_orders": orders,
  "0030_shipments": shipments,
  "0031_order_proformas": orderProformas,
  "0032_buyer_accounts_and_lots": buyerAccountsAndLots,
  "0033_search_words_aside": searchWordsAside,
};
