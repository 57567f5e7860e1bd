package dev.probe.core.protocol;

/** The server's acknowledgement of one sync message; {@code diskNanos} is its write+force time (0 without disk write). */
public record Ack(long diskNanos) {
}
