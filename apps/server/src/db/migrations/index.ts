import type { Migration } from 'kysely/migration';
import * as m0001 from './0001_foundation.js';
import * as m0002 from './0002_oauth.js';
import * as m0003 from './0003_schedule_file.js';
import * as m0004 from './0004_pos_code_unique.js';
import * as m0005 from './0005_audit_logs.js';
import * as m0006 from './0006_online_users.js';
import * as m0007 from './0007_tenant_soft_delete.js';
import * as m0008 from './0008_user_list_indexes.js';
import * as m0009 from './0009_security.js';
import * as m0010 from './0010_code_gen.js';
import * as m0011 from './0011_notices_messages.js';
import * as m0012 from './0012_logs.js';
import * as m0013 from './0013_files.js';
import * as m0014 from './0014_jobs.js';
import * as m0015 from './0015_config_lang_user_menu.js';
import * as m0016 from './0016_regions.js';
import * as m0017 from './0017_ai_providers.js';
import * as m0018 from './0018_ai_chat.js';
import * as m0019 from './0019_study_workflows.js';
import * as m0020 from './0020_forms.js';
import * as m0021 from './0021_print_templates.js';
import * as m0022 from './0022_reports.js';
import * as m0023 from './0023_open_access.js';
import * as m0024 from './0024_serials.js';
import * as m0025 from './0025_upgrade_log.js';
import * as m0026 from './0026_plugins.js';
import * as m0027 from './0027_job_cancel.js';
import * as m0028 from './0028_ldap.js';
import * as m0030 from './0030_approval.js';
import * as m0029 from './0029_wechat_pay.js';
import * as m0031 from './0031_oauth_protocol.js';
import * as m0032 from './0032_ldap_ca_cert.js';
import * as m0033 from './0033_org_path.js';

/**
 * Forward-only migrations, in order, by file name. Add a file `NNNN_name.ts` and list it here; never
 * edit a landed one. The database tools rewrite this file from the folder when they add a migration.
 */
export const MIGRATIONS: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_oauth': m0002,
  '0003_schedule_file': m0003,
  '0004_pos_code_unique': m0004,
  '0005_audit_logs': m0005,
  '0006_online_users': m0006,
  '0007_tenant_soft_delete': m0007,
  '0008_user_list_indexes': m0008,
  '0009_security': m0009,
  '0010_code_gen': m0010,
  '0011_notices_messages': m0011,
  '0012_logs': m0012,
  '0013_files': m0013,
  '0014_jobs': m0014,
  '0015_config_lang_user_menu': m0015,
  '0016_regions': m0016,
  '0017_ai_providers': m0017,
  '0018_ai_chat': m0018,
  '0019_study_workflows': m0019,
  '0020_forms': m0020,
  '0021_print_templates': m0021,
  '0022_reports': m0022,
  '0023_open_access': m0023,
  '0024_serials': m0024,
  '0025_upgrade_log': m0025,
  '0026_plugins': m0026,
  '0027_job_cancel': m0027,
  '0028_ldap': m0028,
  '0030_approval': m0030,
  '0029_wechat_pay': m0029,
  '0031_oauth_protocol': m0031,
  '0032_ldap_ca_cert': m0032,
  '0033_org_path': m0033,
};
