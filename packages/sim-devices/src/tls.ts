import { generate } from 'selfsigned';

export interface SimTls {
  /** PEM of the CA that signed the server certificate: what a client must trust. */
  ca: string;
  key: string;
  cert: string;
}

const HOUR = 3_600_000;

/**
 * A throw-away CA and a server certificate it signed for 127.0.0.1, ::1 and localhost, like the
 * certificate the ZK installer puts on a workstation (trusted locally, by nobody else).
 */
export async function generateTls(): Promise<SimTls> {
  // Backdated an hour so small clock differences never make it "not yet valid".
  const notBeforeDate = new Date(Date.now() - HOUR);
  const notAfterDate = new Date(Date.now() + 30 * 24 * HOUR);
  const ca = await generate([{ name: 'commonName', value: 'Trialab sim-devices test CA' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate,
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
    ],
  });
  const server = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate,
    ca: { key: ca.private, cert: ca.cert },
    extensions: [
      { name: 'basicConstraints', cA: false, critical: true },
      { name: 'keyUsage', digitalSignature: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
          { type: 7, ip: '::1' },
        ],
      },
    ],
  });
  return { ca: ca.cert, key: server.private, cert: server.cert };
}
