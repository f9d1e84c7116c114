/**
 * The start of a real WebM file (EBML header, doc type webm) as MediaRecorder writes it, then silence bytes: an
 * upload the server accepts as audio/webm, which the speech engine cannot decode (its analysis ends as failed).
 */
export const WEBM_STUB = Buffer.from([
  0x1a,
  0x45,
  0xdf,
  0xa3,
  0x87,
  0x42,
  0x82,
  0x84,
  0x77,
  0x65,
  0x62,
  0x6d,
  ...new Array(200).fill(0),
]);
