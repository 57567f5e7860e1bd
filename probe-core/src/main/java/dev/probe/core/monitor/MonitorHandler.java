package dev.probe.core.monitor;

import dev.probe.core.server.HttpGuard;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CancellationException;
import java.util.function.Consumer;

/**
 * The monitor's routes: {@code /metrics} (the schedule's series), {@code /probe} (one check per scrape, through
 * {@link ProbeEndpoint}; closing the connection before the answer gives the check up, a second request on it
 * closes it) and a line at {@code /} saying so. GET only. A whole request moves its connection into the guard's caps
 * (503 past them).
 */
final class MonitorHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
    private final PrometheusRegistry registry;
    private final ProbeEndpoint probe;
    private final String help;
    private final Consumer<String> log;
    private final HttpGuard guard;
    private boolean waiting;

    MonitorHandler(HttpGuard guard, PrometheusRegistry registry, ProbeEndpoint probe, String help,
                   Consumer<String> log) {
        this.guard = guard;
        this.registry = registry;
        this.probe = probe;
        this.help = help;
        this.log = log;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest req) throws Exception {
        String path = req.uri().split("\\?", 2)[0];
        String over = guard.prove(ctx.channel());
        if (waiting) {
            ctx.close(); // a second request before the first /probe is answered: not how Prometheus scrapes
        } else if (over != null) {
            send(ctx, req, text(HttpResponseStatus.SERVICE_UNAVAILABLE, over));
        } else if (!req.decoderResult().isSuccess()) {
            send(ctx, req, text(HttpResponseStatus.BAD_REQUEST, "malformed request"));
        } else if (req.method() != HttpMethod.GET && req.method() != HttpMethod.HEAD) {
            send(ctx, req, text(HttpResponseStatus.METHOD_NOT_ALLOWED, req.method() + " is not served: GET only"));
        } else if (path.equals("/metrics") || path.equals("/probe") && probe != null) {
            try {
                if (path.equals("/metrics")) {
                    send(ctx, req, ScrapeExchange.scrape(registry, req));
                } else {
                    probe(ctx, req);
                }
            } catch (IllegalArgumentException badQuery) { // e.g. %zz: not URL encoding
                send(ctx, req, text(HttpResponseStatus.BAD_REQUEST, "bad query: " + badQuery.getMessage()));
            }
        } else {
            send(ctx, req, text(path.equals("/") ? HttpResponseStatus.OK : HttpResponseStatus.NOT_FOUND, help));
        }
    }

    private void probe(ChannelHandlerContext ctx, FullHttpRequest req) {
        ProbeEndpoint.Outcome o = probe.request(req.uri(), req.headers().get("X-Prometheus-Scrape-Timeout-Seconds"));
        if (o.ticket() == null) {
            send(ctx, req, text(o.status(), o.text()));
            return;
        }
        HttpRequest headers = new DefaultHttpRequest(req.protocolVersion(), req.method(),
                req.uri(), req.headers().copy());
        waiting = true; // reads stay on, so a requester that leaves is seen (and its check given up) at once
        ChannelFutureListener gone = f -> o.ticket().leave().run();
        ctx.channel().closeFuture().addListener(gone);
        o.ticket().result().whenComplete((metrics, e) -> ctx.executor().execute(() -> {
            ctx.channel().closeFuture().removeListener(gone);
            waiting = false;
            if (!ctx.channel().isActive()) {
                return;
            }
            try {
                send(ctx, headers, e == null ? ScrapeExchange.scrape(metrics.registry(), headers)
                        : text(HttpResponseStatus.INTERNAL_SERVER_ERROR, e instanceof CancellationException
                                ? "the check was given up" : "the check failed: " + e));
            } catch (IOException | RuntimeException x) {
                log.accept("/probe: could not answer: " + x);
                ctx.close();
            }
        }));
    }

    private static FullHttpResponse text(HttpResponseStatus status, String text) {
        FullHttpResponse r = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status,
                Unpooled.copiedBuffer(text + "\n", StandardCharsets.UTF_8));
        r.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/plain; charset=utf-8")
                .set(HttpHeaderNames.CONTENT_LENGTH, r.content().readableBytes());
        return r;
    }

    private static void send(ChannelHandlerContext ctx, HttpRequest req, FullHttpResponse r) {
        if (req.method() == HttpMethod.HEAD) {
            r.content().clear();
        }
        boolean keepAlive = HttpUtil.isKeepAlive(req) && r.status().code() < 500;
        HttpUtil.setKeepAlive(r, keepAlive);
        var written = ctx.writeAndFlush(r);
        if (!keepAlive) {
            written.addListener(ChannelFutureListener.CLOSE);
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        log.accept("monitor HTTP: " + ctx.channel().remoteAddress() + ": " + cause.getMessage());
        ctx.close();
    }
}
