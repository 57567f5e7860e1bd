package dev.probe.core.monitor;

import dev.probe.core.server.HttpGuard;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.timeout.IdleStateHandler;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The monitor's HTTP pipeline, in order: admission ({@link HttpGuard}: {@link #MAX_TOTAL} connections,
 * {@link #MAX_PER_SOURCE} per address, {@link #UNPROVEN} before their first whole request, each request's headers
 * whole within {@link #HEADER_DEADLINE}, the first's from accept), idle close, header deadline, HTTP/1.1 codec,
 * a 1 KiB body at most (GET has none), the routes ({@link MonitorHandler}).
 */
final class MonitorInitializer extends ChannelInitializer<SocketChannel> {
    /** Connections with a whole request, in all: Prometheus keeps one per target it scrapes. */
    static final int MAX_TOTAL = 256;
    /** Connections with a whole request from one address (one Prometheus scraping /probe for many standbys). */
    static final int MAX_PER_SOURCE = 128;
    /** Connections without one yet (the oldest of the address holding the most closed when full). */
    static final int UNPROVEN = 32;
    /** A request's headers must be whole within this (Prometheus sends them at once). */
    static final Duration HEADER_DEADLINE = Duration.ofSeconds(5);
    /** A connection that neither sends nor is answered for this long is closed (above Prometheus's 1 m interval). */
    static final Duration IDLE = Duration.ofMinutes(3);
    private final HttpGuard guard;
    private final PrometheusRegistry registry;
    private final ProbeEndpoint probe;
    private final String help;
    private final Consumer<String> log;

    MonitorInitializer(PrometheusRegistry registry, ProbeEndpoint probe, String help, Consumer<String> log) {
        this.guard = new HttpGuard(MAX_TOTAL, MAX_PER_SOURCE, UNPROVEN, HEADER_DEADLINE, "monitor", log::accept);
        this.registry = registry;
        this.probe = probe;
        this.help = help;
        this.log = log;
    }

    @Override
    protected void initChannel(SocketChannel ch) {
        ChannelPipeline p = ch.pipeline();
        p.addLast("admission", guard.admission());
        p.addLast("idle", new IdleStateHandler(true, 0, 0, IDLE.toMillis(), TimeUnit.MILLISECONDS));
        p.addLast("idle-close", guard.idleClose());
        p.addLast("header-deadline", guard.deadline());
        p.addLast("http", new HttpServerCodec(4096, 8192, 8192));
        p.addLast("headers-done", guard.headersDone());
        p.addLast("aggregate", new HttpObjectAggregator(1024));
        p.addLast("routes", new MonitorHandler(guard, registry, probe, help, log));
    }
}
