/**
 * What probe sends: bytes no compressor or deduplicator can shrink, unless asked.
 *
 * <p>Holds: {@code Payload} (random, compressible:R, zeros, file:PATH), {@code Content}
 * ({@code of(payload, seed, stride)}: {@code fill} a stream's bytes from an offset, {@code expectedCrc} of a range)
 * with {@code PoolContent} (a window of a 1 MiB random pool XOR a key per 1 MiB block; whole blocks checked from
 * tables by CRC32C's linearity; {@code Keying} holds its hot loops) and {@code FileContent} (the user's file looped,
 * every 512-byte block stamped), {@code ContentRegion} (a FileRegion that makes its bytes into one reused buffer as
 * the transport writes it), {@code ContentSlices} (the same bytes 64 KiB at a time, each flushed, where TLS must see
 * them).
 *
 * <p>Imports of probe: core.protocol.
 * <br>Used by: bench, cli, cli.common, core.bulk, core.objstore, core.objstore.client, core.objstore.endpoint,
 * core.params, core.plan, core.qualify, core.redo.
 */
package dev.probe.core.payload;
