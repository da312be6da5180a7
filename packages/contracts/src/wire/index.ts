/**
 * The request and row schemas of the API (TypeBox), one source for both sides: the server's routes
 * validate, serialise and document with them; the web app takes their `Static` types. Import the
 * schemas (values) from `@lintel/contracts/wire`; `@lintel/contracts` re-exports this folder as
 * types only, so the web bundle never carries TypeBox.
 */
export * from './id.js';
export * from './common.js';
export * from './paging.js';
export * from './export.js';
export * from './user-profile.js';
export * from './user.js';
export * from './pos.js';
export * from './org.js';
export * from './role.js';
export * from './menu.js';
export * from './sys-info.js';
export * from './tenant.js';
export * from './tenant-db.js';
export * from './log.js';
export * from './log-access.js';
export * from './online-user.js';
export * from './database.js';
export * from './code-gen.js';
export * from './notice.js';
export * from './message.js';
export * from './user-picker.js';
export * from './job.js';
export * from './config.js';
export * from './lang.js';
export * from './user-menu.js';
export * from './dict.js';
export * from './file.js';
export * from './region.js';
export * from './cache.js';
export * from './server.js';
export * from './dashboard.js';
export * from './ai-study.js';
export * from './ai-study-runs.js';
export * from './ai-question-bank.js';
export * from './ai-stream.js';
export * from './ai-chat.js';
export * from './ai-provider.js';
export * from './sys-form.js';
export * from './sys-print.js';
export * from './sys-open-access.js';
export * from './sys-ldap.js';
export * from './sys-serial.js';
export * from './third-user.js';
export * from './sys-upgrade.js';
export * from './demo.js';
export * from './stress-test.js';
export * from './sys-common.js';
export * from './sys-report-source.js';
export * from './sys-report.js';
export * from './sys-plugin.js';
export * from './sys-mqtt.js';
export * from './approval.js';
export * from './sys-wechat-pay.js';
// lintel:wire (the code generator adds its modules' wire above)
