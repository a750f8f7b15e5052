import { errAsync, fieldError, notFound, ResultAsync, type Clock, type NotFoundError, type ValidationError } from '@tuma/kernel';
import type { LinkEnvironment, LinkSnapshot } from '../../domain/links/link.aggregate.ts';
import { DEFAULT_QR_COLORS, hexColor, QrCode, type QrCodeSnapshot } from '../../domain/qr/qr-code.aggregate.ts';
import type { LinkRepository } from '../links/link.repository.port.ts';
import type { TargetScreen } from '../links/target-screen.ts';
import type { QrCodeRepository } from './qr-code.repository.port.ts';
import type { QrRenderer } from './qr-renderer.port.ts';
import type { PlanGate } from '../plans/plan-gate.ts';
import type { LinksPlanLimitReachedError } from '../../domain/plans/links-plan.ts';

export interface CreateQrCodeInput {
  readonly accountId: string;
  readonly environment: LinkEnvironment;
  readonly linkId?: string;
  readonly url?: string;
  readonly label?: string | null;
  readonly fgColor?: string;
  readonly bgColor?: string;
}

/**
 * Makes a QR code (docs/links.md, "QR codes"): of one of the account's links (it encodes the short
 * URL, so scans are counted; another account's link is 404), or of a URL screened as a link's
 * target. Neither, or both, is a 422. A live code counts against the plan's `monthlyQr` (402 past
 * it). Answers the code and its PNG.
 */
export class CreateQrCode {
  constructor(
    private readonly codes: QrCodeRepository,
    private readonly links: LinkRepository,
    private readonly screen: TargetScreen,
    private readonly renderer: QrRenderer,
    private readonly shortUrlOf: (link: LinkSnapshot) => Promise<string>,
    private readonly gate: PlanGate,
    private readonly clock: Clock,
  ) {}

  execute(input: CreateQrCodeInput): ResultAsync<{ code: QrCodeSnapshot; png: Uint8Array }, ValidationError | NotFoundError | LinksPlanLimitReachedError> {
    const fg = hexColor(input.fgColor, 'fg_color', DEFAULT_QR_COLORS.fg);
    if (fg.isErr()) return errAsync(fg.error);
    const bg = hexColor(input.bgColor, 'bg_color', DEFAULT_QR_COLORS.bg);
    if (bg.isErr()) return errAsync(bg.error);
    if ((input.linkId === undefined) === (input.url === undefined)) return errAsync(fieldError('link_id', 'Give either link_id or url (one of them)'));
    const checked = this.target(input).andThen((target) => this.gate.mayCreate(input.accountId, input.environment, 'monthlyQr').map(() => target));
    return checked.andThen((target) => {
      const code = QrCode.create({ accountId: input.accountId, environment: input.environment, ...target, label: input.label ?? null, fgColor: fg.value, bgColor: bg.value }, this.clock.now()).toSnapshot();
      return ResultAsync.fromSafePromise(
        (async () => {
          const png = await this.renderer.png(code.targetUrl, { fg: code.fgColor, bg: code.bgColor });
          await this.codes.add(code);
          return { code, png };
        })(),
      );
    });
  }

  private target(input: CreateQrCodeInput): ResultAsync<{ linkId: string | null; targetUrl: string }, ValidationError | NotFoundError> {
    if (input.url !== undefined) return this.screen.screen(input.url, 'url').map((url) => ({ linkId: null, targetUrl: url }));
    const linkId = input.linkId!;
    return ResultAsync.fromSafePromise(this.links.find(input.accountId, input.environment, linkId)).andThen((link) =>
      link ? ResultAsync.fromSafePromise(this.shortUrlOf(link).then((targetUrl) => ({ linkId: link.id, targetUrl }))) : errAsync(notFound('link', linkId)),
    );
  }
}
