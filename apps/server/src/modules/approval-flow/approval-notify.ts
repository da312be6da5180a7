import type { Locale } from '@lintel/contracts';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import { t } from '../../platform/i18n/index.js';
import { SysMessageService } from '../sys-message/sys-message.service.js';

/** What a notification is about: a request that reached someone, or one that was decided. */
export type Notice =
  | { kind: 'todo'; userIds: string[]; flowName: string; submitter: string }
  | { kind: 'decided'; userIds: string[]; flowName: string; outcome: 'approved' | 'rejected' | 'returned' };

/**
 * Inbox messages of the approval flow, sent through the message module (kept in the recipients'
 * inbox and delivered live to those online), from the account whose action caused them, in the
 * language of that action. They are sent after the action's transaction has committed: a message
 * that cannot be delivered (its recipient was disabled meanwhile) never undoes a decision, and is logged.
 */
export class ApprovalNotifier {
  private readonly messages: SysMessageService;

  constructor(private readonly ctx: AppContext) {
    this.messages = new SysMessageService(ctx);
  }

  async send(actor: Principal, locale: Locale, notice: Notice): Promise<void> {
    const userIds = notice.userIds.filter((id) => id !== actor.userId);
    if (userIds.length === 0) return;
    const content =
      notice.kind === 'todo'
        ? {
            title: t(locale, 'approvalFlow.notify.todoTitle', { flow: notice.flowName }),
            message: t(locale, 'approvalFlow.notify.todoBody', {
              flow: notice.flowName,
              user: notice.submitter,
            }),
            messageType: 'info' as const,
          }
        : {
            title: t(locale, `approvalFlow.notify.${notice.outcome}Title`, { flow: notice.flowName }),
            message: t(locale, `approvalFlow.notify.${notice.outcome}Body`, {
              flow: notice.flowName,
              user: actor.realName ?? actor.account,
            }),
            messageType: notice.outcome === 'approved' ? ('success' as const) : ('warning' as const),
          };
    try {
      await this.messages.send(actor, 'users', { userIds }, content);
    } catch (error) {
      this.ctx.log.warn({ err: error, userIds }, 'approval notification not delivered');
    }
  }
}
