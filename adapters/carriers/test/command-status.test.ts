import { expect } from 'chai';
import { COMMAND_STATUS, commandStatusName, formatCommandStatus, submitRefusal } from '../src/index.ts';

describe('submit_sm_resp command_status', () => {
  it('maps refusals to our codes; throttling, full queues and system errors are retryable', () => {
    const cases: [number, string, boolean][] = [
      [COMMAND_STATUS.ESME_RINVDSTADR, 'invalid_destination', false],
      [COMMAND_STATUS.ESME_RINVSRCADR, 'invalid_sender_id', false],
      [COMMAND_STATUS.ESME_RINVMSGLEN, 'invalid_message', false],
      [COMMAND_STATUS.ESME_RINVDCS, 'invalid_message', false],
      [COMMAND_STATUS.ESME_RTHROTTLED, 'throttled', true],
      [COMMAND_STATUS.ESME_RMSGQFUL, 'carrier_queue_full', true],
      [COMMAND_STATUS.ESME_RSYSERR, 'carrier_system_error', true],
      [COMMAND_STATUS.ESME_RX_T_APPN, 'carrier_system_error', true],
      [COMMAND_STATUS.ESME_RINVBNDSTS, 'carrier_unavailable', true],
      [COMMAND_STATUS.ESME_RX_P_APPN, 'carrier_rejected', false],
      [COMMAND_STATUS.ESME_RUNKNOWNERR, 'unknown_error', false],
      [0x0401, 'carrier_rejected', false],
    ];
    for (const [status, errorCode, retryable] of cases) {
      expect(submitRefusal(status), formatCommandStatus(status)).to.include({ errorCode, retryable });
    }
  });

  it('describes the status by name and in the hex form carriers document', () => {
    expect(submitRefusal(0x0b)).to.include({ carrierStatus: '0x0000000B', description: 'ESME_RINVDSTADR (0x0000000B)' });
    expect(submitRefusal(0x0401).description).to.equal('command_status 0x00000401');
    expect(commandStatusName(0x58)).to.equal('ESME_RTHROTTLED');
    expect(commandStatusName(0x0401)).to.equal(undefined);
  });
});
