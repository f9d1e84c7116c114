import { describe, expect, it } from 'vitest';
import { errorText } from './integration-delivery.ts';

const nodeError = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('the error a failed try keeps in the delivery log', () => {
  it("puts Node's code first and drops the dangling colon of its TLS messages", () => {
    expect(
      errorText(
        nodeError(
          "Hostname/IP does not match certificate's altnames: IP: 1.2.3.4 is not in the cert's list: ",
          'ERR_TLS_CERT_ALTNAME_INVALID',
        ),
      ),
    ).toBe(
      "ERR_TLS_CERT_ALTNAME_INVALID: Hostname/IP does not match certificate's altnames: IP: 1.2.3.4 is not in the cert's list",
    );
    expect(errorText(nodeError('self-signed certificate', 'DEPTH_ZERO_SELF_SIGNED_CERT'))).toBe(
      'DEPTH_ZERO_SELF_SIGNED_CERT: self-signed certificate',
    );
  });

  it('keeps a message that already names its code, or has none, as it is', () => {
    expect(errorText(nodeError('connect ECONNREFUSED 1.2.3.4:443', 'ECONNREFUSED'))).toBe(
      'connect ECONNREFUSED 1.2.3.4:443',
    );
    expect(errorText(new Error('Timed out after 10000 ms'))).toBe('Timed out after 10000 ms');
    expect(errorText('x'.repeat(600))).toHaveLength(500);
  });
});
