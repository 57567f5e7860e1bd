/**
 * What the object-storage client and endpoint share: content metadata and MD5.
 *
 * <p>Holds: {@code Md5}, {@code ContentMeta} (the {@code opc-meta-probe-*} metadata saying which content an object
 * holds), shared by both sides.
 *
 * <p>Imports of probe: core.error, core.payload, core.protocol.
 * <br>Used by: core.objstore.client, core.objstore.endpoint.
 */
package dev.probe.core.objstore;
