/**
 * The server's OCI-compatible, signature-checking object-storage endpoint.
 *
 * <p>Holds: {@code ObjectStoreEndpoint} binds; {@code EndpointInitializer}: {@code server.HttpGuard} admission (64
 * connections that have sent no valid request yet, the oldest of the address holding the most closed when full, each
 * with a header deadline from accept; after its first valid request 1024 connections, 64 per address, else 429) → TLS
 * → idle → header deadline → codec → Netty's {@code HttpServerKeepAliveHandler} (closes after a response when the
 * request or the response says so) → chunked writer → {@code EndpointRouter} (path: {@code ApiPath}, signature:
 * {@code SignatureVerifier}, OCI's covered headers and 5-minute date window) → {@code JsonBodies}
 * (HttpObjectAggregator, 64 KiB; blob uploads stream past) → {@code EndpointDispatch} (each request to the one
 * {@code EndpointOperation} its route names: {@code BucketRequests}, {@code ObjectRequests},
 * {@code MultipartRequests}; a streamed body to the connection's one {@code BlobUpload}) → {@code EndpointErrors}
 * (what no handler answered: one line, closed); {@code ObjectStore} index (multipart uploads expire after an hour),
 * blob stores ({@code FileBlobs} within a {@code SpaceBudget}).
 *
 * <p>Imports of probe: core.error, core.objstore, core.params, core.payload, core.protocol, core.server.
 * <br>Used by: cli.lab, cli.server, core.app.
 */
package dev.probe.core.objstore.endpoint;
