package dev.probe.core.monitor;

import io.netty.buffer.ByteBufOutputStream;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.prometheus.metrics.exporter.common.PrometheusHttpExchange;
import io.prometheus.metrics.exporter.common.PrometheusHttpRequest;
import io.prometheus.metrics.exporter.common.PrometheusHttpResponse;
import io.prometheus.metrics.exporter.common.PrometheusScrapeHandler;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Collections;
import java.util.Enumeration;

/**
 * One scrape of a registry through the official Prometheus client's {@link PrometheusScrapeHandler} (its format
 * by the scraper's Accept header, gzip, {@code name[]} filters), answered as one Netty response.
 */
final class ScrapeExchange implements PrometheusHttpExchange {
    private final HttpRequest request;
    private final FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
            HttpResponseStatus.INTERNAL_SERVER_ERROR, Unpooled.buffer());

    private ScrapeExchange(HttpRequest request) {
        this.request = request;
    }

    /** {@code registry} scraped as {@code request} asks. */
    static FullHttpResponse scrape(PrometheusRegistry registry, HttpRequest request) throws IOException {
        ScrapeExchange e = new ScrapeExchange(request);
        new PrometheusScrapeHandler(registry).handleRequest(e);
        e.response.headers().set(HttpHeaderNames.CONTENT_LENGTH, e.response.content().readableBytes());
        return e.response;
    }

    @Override
    public PrometheusHttpRequest getRequest() {
        String uri = request.uri();
        int q = uri.indexOf('?');
        return new PrometheusHttpRequest() {
            @Override
            public String getQueryString() {
                return q < 0 ? null : uri.substring(q + 1);
            }

            @Override
            public Enumeration<String> getHeaders(String name) {
                return Collections.enumeration(request.headers().getAll(name));
            }

            @Override
            public String getMethod() {
                return request.method().name();
            }

            @Override
            public String getRequestPath() {
                return q < 0 ? uri : uri.substring(0, q);
            }
        };
    }

    @Override
    public PrometheusHttpResponse getResponse() {
        return new PrometheusHttpResponse() {
            @Override
            public void setHeader(String name, String value) {
                response.headers().set(name, value);
            }

            @Override
            public OutputStream sendHeadersAndGetBody(int status, int contentLength) {
                response.setStatus(HttpResponseStatus.valueOf(status));
                return new ByteBufOutputStream(response.content()); // written straight into the response
            }
        };
    }

    @Override
    public void handleException(IOException e) throws IOException {
        throw e;
    }

    @Override
    public void handleException(RuntimeException e) {
        throw e;
    }

    @Override
    public void close() {
        // the response is written by the caller
    }
}
