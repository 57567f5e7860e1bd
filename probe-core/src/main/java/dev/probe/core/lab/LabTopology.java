package dev.probe.core.lab;

import dev.probe.core.protocol.BadParameterException;
import java.util.regex.Pattern;

/**
 * Where the userspace link lives: two network namespaces, {@code NAME-client} and {@code NAME-server}, each holding
 * one TUN device ({@code NAMEc} / {@code NAMEs}) with one address of a /30: the client takes the first host
 * address, the server the second. The default /30 is 10.250.77.0/30, from RFC 1918's 10/8.
 */
public record LabTopology(String name, String subnet) {
    public static final String DEFAULT_NAME = "probe";
    public static final String DEFAULT_SUBNET = "10.250.77.0/30";
    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9]{0,9}");
    private static final Pattern CIDR30 = Pattern.compile("(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})/30");

    public LabTopology {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new BadParameterException("name", "'" + name + "' must be 1-10 of a-z 0-9, starting with a letter");
        }
        var m = subnet == null ? null : CIDR30.matcher(subnet);
        if (m == null || !m.matches()) {
            throw new BadParameterException("subnet", "'" + subnet + "' is not an IPv4 /30 (e.g. " + DEFAULT_SUBNET
                    + ")");
        }
        for (int g = 1; g <= 4; g++) {
            if (Integer.parseInt(m.group(g)) > 255) {
                throw new BadParameterException("subnet", "'" + subnet + "' is not an IPv4 address");
            }
        }
        if (Integer.parseInt(m.group(4)) % 4 != 0) {
            throw new BadParameterException("subnet", "'" + subnet + "' does not start on a /30 boundary");
        }
        if (!isPrivate(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)))) {
            throw new BadParameterException("subnet", "'" + subnet + "' is not in a private range (10/8, 172.16/12, "
                    + "192.168/16)");
        }
    }

    public static LabTopology defaults() {
        return new LabTopology(DEFAULT_NAME, DEFAULT_SUBNET);
    }

    private static boolean isPrivate(int a, int b) {
        return a == 10 || (a == 172 && b >= 16 && b <= 31) || (a == 192 && b == 168);
    }

    public String clientNamespace() {
        return name + "-client";
    }

    public String serverNamespace() {
        return name + "-server";
    }

    public String clientDevice() {
        return name + "c";
    }

    public String serverDevice() {
        return name + "s";
    }

    public String clientAddress() {
        return host(1);
    }

    public String serverAddress() {
        return host(2);
    }

    public String namespace(boolean server) {
        return server ? serverNamespace() : clientNamespace();
    }

    private String host(int n) {
        String base = subnet.substring(0, subnet.indexOf('/'));
        int dot = base.lastIndexOf('.');
        return base.substring(0, dot + 1) + (Integer.parseInt(base.substring(dot + 1)) + n);
    }
}
