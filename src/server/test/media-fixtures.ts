/** The start of a WebM file: an EBML header whose DocType is "webm" (what MediaRecorder writes first). */
export const webmHeader = () => Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x87, 0x42, 0x82, 0x84]), Buffer.from('webm'), Buffer.alloc(200)])
