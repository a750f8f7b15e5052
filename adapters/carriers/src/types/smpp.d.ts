/**
 * The part of the `smpp` package (0.5.x, CommonJS, untyped) this adapter and its tests use.
 * Field names are the SMPP specification's; a PDU carries its fields as properties.
 */
declare module 'smpp' {
  import type { EventEmitter } from 'node:events';
  import type { Server as NetServer } from 'node:net';

  namespace smpp {
    type PduFields = Record<string, unknown>;

    class PDU {
      constructor(command: string, options?: PduFields);
      command: string;
      command_id: number;
      command_status: number;
      sequence_number: number;
      [field: string]: unknown;
      isResponse(): boolean;
      response(options?: PduFields): PDU;
    }

    type ResponseCallback = (pdu: PDU) => void;
    type Shortcut = (options?: PduFields, onResponse?: ResponseCallback) => boolean;

    /** One SMPP connection; emits 'connect', 'close', 'error', 'pdu' and one event per command name. */
    class Session extends EventEmitter {
      readonly socket: import('node:net').Socket;
      /** Sends a request (numbered automatically) or a response; false when the socket is not writable. */
      send(pdu: PDU, onResponse?: ResponseCallback): boolean;
      close(callback?: () => void): void;
      destroy(callback?: () => void): void;
      pause(): void;
      resume(): void;
      bind_transceiver: Shortcut;
      submit_sm: Shortcut;
      deliver_sm: Shortcut;
      enquire_link: Shortcut;
      unbind: Shortcut;
    }

    class Server extends NetServer {
      readonly sessions: Session[];
    }

    interface ConnectOptions {
      host: string;
      port: number;
    }

    function connect(options: ConnectOptions, listener?: () => void): Session;
    function createServer(listener: (session: Session) => void): Server;
  }

  export = smpp;
}
