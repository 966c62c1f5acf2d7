// Migrations in the order they run. Forward only: never edit one that has shipped; add the next.
import type { Migration, MigrationProvider } from 'kysely';
import * as m001 from './001_core';
import * as m002 from './002_clinic_records';
import * as m003 from './003_visitings';
import * as m004 from './004_subscriptions';
import * as m005 from './005_uploads';
import * as m006 from './006_landing_pages';
import * as m007 from './007_patient_search';
import * as m008 from './008_request_names';
import * as m009 from './009_documents';
import * as m010 from './010_search_function';
import * as m011 from './011_session_lookup';
import * as m012 from './012_visit_count_index';
import * as m013 from './013_patient_diseases';
import * as m014 from './014_plan_image';
import * as m016 from './016_released_files';
import * as m017 from './017_access_changes';
import * as m019 from './019_record_guarantees';
import * as m021 from './021_audit';
import * as m022 from './022_support_access';
import * as m023 from './023_idempotency';
import * as m024 from './024_income_sources';
import * as m025 from './025_encryption';
import * as m026 from './026_session_devices';
import * as m027 from './027_exports';
import * as m028 from './028_mfa';
import * as m029 from './029_isolate_every_clinic_table';
import * as m030 from './030_phone_e164';
import * as m031 from './031_access_epoch';
import * as m032 from './032_field_comparisons';
import * as m033 from './033_notification_versions';
import * as m034 from './034_request_details';
import * as m035 from './035_clinic_currency';
import * as m036 from './036_clinic_modules';
import * as m037 from './037_legal_module';
import * as m038 from './038_unique_law_articles';
import * as m039 from './039_record_changes';
import * as m040 from './040_check_in_time';
import * as m041 from './041_schedule';
import * as m042 from './042_patient_safety';
import * as m043 from './043_record_numbers';
import * as m044 from './044_letterhead';
import * as m045 from './045_list_views';
import * as m046 from './046_price_list';
import * as m047 from './047_payments';
import * as m048 from './048_patient_language';
import * as m049 from './049_letterhead_logo';
import * as m050 from './050_outbox';
import * as m051 from './051_online_booking';
import * as m052 from './052_booking_series';
import * as m053 from './053_scheduled_jobs';
import * as m054 from './054_clinic_keys_lead_with_tenant';
import * as m055 from './055_visit_counts';
import * as m056 from './056_folded_names';
import * as m057 from './057_drug_ingredients';
import * as m058 from './058_sync_changes';
import * as m059 from './059_offline_writes';
import * as m060 from './060_devices';
import * as m061 from './061_invoice_numbers';
import * as m062 from './062_offline_receipts';
import * as m063 from './063_printed_documents';
import * as m065 from './065_declared_schema';
import * as m066 from './066_lab_orders';
import * as m067 from './067_patient_photo';
import * as m068 from './068_schema_functions';
import * as m069 from './069_restores';
import * as m070 from './070_stock';
import * as m071 from './071_lab_text_results';

const migrations: Record<string, Migration> = {
  '001_core': m001,
  '002_clinic_records': m002,
  '003_visitings': m003,
  '004_subscriptions': m004,
  '005_uploads': m005,
  '006_landing_pages': m006,
  '007_patient_search': m007,
  '008_request_names': m008,
  '009_documents': m009,
  '010_search_function': m010,
  '011_session_lookup': m011,
  '012_visit_count_index': m012,
  '013_patient_diseases': m013,
  '014_plan_image': m014,
  '016_released_files': m016,
  '017_access_changes': m017,
  '019_record_guarantees': m019,
  '021_audit': m021,
  '022_support_access': m022,
  '023_idempotency': m023,
  '024_income_sources': m024,
  '025_encryption': m025,
  '026_session_devices': m026,
  '027_exports': m027,
  '028_mfa': m028,
  '029_isolate_every_clinic_table': m029,
  '030_phone_e164': m030,
  '031_access_epoch': m031,
  '032_field_comparisons': m032,
  '033_notification_versions': m033,
  '034_request_details': m034,
  '035_clinic_currency': m035,
  '036_clinic_modules': m036,
  '037_legal_module': m037,
  '038_unique_law_articles': m038,
  '039_record_changes': m039,
  '040_check_in_time': m040,
  '041_schedule': m041,
  '042_patient_safety': m042,
  '043_record_numbers': m043,
  '044_letterhead': m044,
  '045_list_views': m045,
  '046_price_list': m046,
  '047_payments': m047,
  '048_patient_language': m048,
  '049_letterhead_logo': m049,
  '050_outbox': m050,
  '051_online_booking': m051,
  '052_booking_series': m052,
  '053_scheduled_jobs': m053,
  '054_clinic_keys_lead_with_tenant': m054,
  '055_visit_counts': m055,
  '056_folded_names': m056,
  '057_drug_ingredients': m057,
  '058_sync_changes': m058,
  '059_offline_writes': m059,
  '060_devices': m060,
  '061_invoice_numbers': m061,
  '062_offline_receipts': m062,
  '063_printed_documents': m063,
  '065_declared_schema': m065,
  '066_lab_orders': m066,
  '067_patient_photo': m067,
  '068_schema_functions': m068,
  '069_restores': m069,
  '070_stock': m070,
  '071_lab_text_results': m071,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
