/**
 * SMPP 3.4 command_status values (section 5.1.3) and what a refused submit_sm means for us.
 * docs/carriers.md lists the mapping.
 */
import { isRetryableError, type DeliveryErrorCode } from '@tuma/messaging';

export const COMMAND_STATUS = {
  ESME_ROK: 0x0000,
  ESME_RINVMSGLEN: 0x0001,
  ESME_RINVCMDLEN: 0x0002,
  ESME_RINVCMDID: 0x0003,
  ESME_RINVBNDSTS: 0x0004,
  ESME_RALYBND: 0x0005,
  ESME_RINVREGDLVFLG: 0x0007,
  ESME_RSYSERR: 0x0008,
  ESME_RINVSRCADR: 0x000a,
  ESME_RINVDSTADR: 0x000b,
  ESME_RBINDFAIL: 0x000d,
  ESME_RINVPASWD: 0x000e,
  ESME_RINVSYSID: 0x000f,
  ESME_RMSGQFUL: 0x0014,
  ESME_RINVSERTYP: 0x0015,
  ESME_RINVESMCLASS: 0x0043,
  ESME_RSUBMITFAIL: 0x0045,
  ESME_RINVSRCTON: 0x0048,
  ESME_RINVSRCNPI: 0x0049,
  ESME_RINVDSTTON: 0x0050,
  ESME_RINVDSTNPI: 0x0051,
  ESME_RTHROTTLED: 0x0058,
  ESME_RINVSCHED: 0x0061,
  ESME_RINVEXPIRY: 0x0062,
  ESME_RX_T_APPN: 0x0064,
  ESME_RX_P_APPN: 0x0065,
  ESME_RX_R_APPN: 0x0066,
  ESME_RINVTLVSTREAM: 0x00c0,
  ESME_RTLVNOTALLWD: 0x00c1,
  ESME_RINVTLVLEN: 0x00c2,
  ESME_RMISSINGTLV: 0x00c3,
  ESME_RINVTLVVAL: 0x00c4,
  ESME_RDELIVERYFAILURE: 0x00fe,
  ESME_RUNKNOWNERR: 0x00ff,
  ESME_RINVDCS: 0x0104,
} as const;

type StatusName = keyof typeof COMMAND_STATUS;

/** Our code for each refusal of a submit_sm we know; anything else is `carrier_rejected`. */
const SUBMIT_REFUSALS: Readonly<Partial<Record<StatusName, DeliveryErrorCode>>> = {
  ESME_RINVMSGLEN: 'invalid_message',
  ESME_RINVCMDLEN: 'invalid_message',
  ESME_RINVESMCLASS: 'invalid_message',
  ESME_RINVREGDLVFLG: 'invalid_message',
  ESME_RINVSERTYP: 'invalid_message',
  ESME_RINVSCHED: 'invalid_message',
  ESME_RINVEXPIRY: 'invalid_message',
  ESME_RINVTLVSTREAM: 'invalid_message',
  ESME_RTLVNOTALLWD: 'invalid_message',
  ESME_RINVTLVLEN: 'invalid_message',
  ESME_RMISSINGTLV: 'invalid_message',
  ESME_RINVTLVVAL: 'invalid_message',
  ESME_RINVDCS: 'invalid_message',
  ESME_RINVSRCADR: 'invalid_sender_id',
  ESME_RINVSRCTON: 'invalid_sender_id',
  ESME_RINVSRCNPI: 'invalid_sender_id',
  ESME_RINVDSTADR: 'invalid_destination',
  ESME_RINVDSTTON: 'invalid_destination',
  ESME_RINVDSTNPI: 'invalid_destination',
  ESME_RTHROTTLED: 'throttled',
  ESME_RMSGQFUL: 'carrier_queue_full',
  ESME_RSYSERR: 'carrier_system_error',
  ESME_RSUBMITFAIL: 'carrier_system_error',
  ESME_RX_T_APPN: 'carrier_system_error',
  ESME_RINVBNDSTS: 'carrier_unavailable',
  ESME_RX_P_APPN: 'carrier_rejected',
  ESME_RX_R_APPN: 'carrier_rejected',
  ESME_RDELIVERYFAILURE: 'carrier_rejected',
  ESME_RUNKNOWNERR: 'unknown_error',
};

const NAMES: ReadonlyMap<number, StatusName> = new Map(Object.entries(COMMAND_STATUS).map(([name, value]) => [value, name as StatusName]));

export interface SubmitRefusal {
  readonly errorCode: DeliveryErrorCode;
  readonly retryable: boolean;
  /** `0x0000000B`: how carriers' documentation writes it. */
  readonly carrierStatus: string;
  /** `ESME_RINVDSTADR (0x0000000B)`, or the hex value for a vendor-specific status. */
  readonly description: string;
}

export function formatCommandStatus(status: number): string {
  return `0x${status.toString(16).toUpperCase().padStart(8, '0')}`;
}

export function commandStatusName(status: number): string | undefined {
  return NAMES.get(status);
}

/** What a submit_sm_resp with a non-zero command_status means for us. */
export function submitRefusal(status: number): SubmitRefusal {
  const name = NAMES.get(status);
  const errorCode = (name && SUBMIT_REFUSALS[name]) ?? 'carrier_rejected';
  const carrierStatus = formatCommandStatus(status);
  return {
    errorCode,
    retryable: isRetryableError(errorCode),
    carrierStatus,
    description: name ? `${name} (${carrierStatus})` : `command_status ${carrierStatus}`,
  };
}
