package dev.probe.core.params;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.protocol.BadParameterException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Parameters are range-checked once, and JSON from the network is type-checked field by field. */
class TestParamsTest {
    @Test
    void jsonRoundTrip() {
        TestParams p = TestParams.builder(Mode.ASYNC).length(4096).connections(4).duration(Duration.ofSeconds(5))
                .interval(Duration.ofMillis(500)).write(true).sockbuf(4 << 20).rate(1000).warmup(Duration.ofSeconds(2))
                .build();
        assertEquals(p, TestParams.fromJson(p.toJson()));
    }

    @Test
    void defaultsAreOratcptests() {
        TestParams d = TestParams.defaults();
        assertEquals(Mode.SYNC, d.mode());
        assertEquals(1048576, d.length());
        assertEquals(1, d.numConn());
    }

    @Test
    void wrongTypesAreRefusedNamingTheField() {
        ObjectNode n = TestParams.defaults().toJson();
        n.put("length", "1048576");
        BadParameterException e = assertThrows(BadParameterException.class, () -> TestParams.fromJson(n));
        assertEquals("length", e.parameter());
        assertTrue(e.getMessage().contains("must be an integer, got string"), e.getMessage());
        ObjectNode n2 = TestParams.defaults().toJson();
        n2.putObject("write");
        e = assertThrows(BadParameterException.class, () -> TestParams.fromJson(n2));
        assertTrue(e.getMessage().startsWith("write: must be true or false"), e.getMessage());
        ObjectNode n3 = TestParams.defaults().toJson();
        n3.put("mode", "turbo");
        assertThrows(BadParameterException.class, () -> TestParams.fromJson(n3));
        ObjectNode n4 = TestParams.defaults().toJson();
        n4.remove("num_conn");
        e = assertThrows(BadParameterException.class, () -> TestParams.fromJson(n4));
        assertEquals("num_conn: is missing", e.getMessage());
    }

    @Test
    void rangesAreChecked() {
        ObjectNode n = TestParams.defaults().toJson();
        n.put("length", 1L << 40);
        assertTrue(assertThrows(BadParameterException.class, () -> TestParams.fromJson(n)).getMessage()
                .contains("out of range [0, 67108864]"));
        ObjectNode n2 = TestParams.defaults().toJson();
        n2.put("num_conn", 100000);
        assertThrows(BadParameterException.class, () -> TestParams.fromJson(n2));
        ObjectNode n3 = TestParams.defaults().toJson();
        n3.put("duration_s", 1e300);
        assertThrows(BadParameterException.class, () -> TestParams.fromJson(n3));
        ObjectNode n4 = TestParams.defaults().toJson();
        n4.put("rate", Double.NaN);
        assertThrows(BadParameterException.class, () -> TestParams.fromJson(n4));
        assertThrows(BadParameterException.class, () -> TestParams.builder(Mode.SYNC).length(0).connections(0)
                .duration(Duration.ofSeconds(1)).build());
        assertThrows(BadParameterException.class, () -> TestParams.builder(Mode.SYNC).length(0)
                .duration(Duration.ofSeconds(1)).interval(Duration.ofMillis(1)).build());
    }
}
