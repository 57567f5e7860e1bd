package dev.probe.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.probe.core.protocol.Json;
import dev.probe.core.testing.ResultInvariants;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code qualify --plan PLAN --json JSON MORE...} run in this JVM as the plan tests run it: its exit code, what it
 * printed and its result document (checked against the result invariants; null when none was written).
 */
public record QualifiedPlan(int code, String out, String err, JsonNode doc) {
    public static QualifiedPlan run(Path plan, Path json, String... more) throws Exception {
        List<String> args = new ArrayList<>(List.of("qualify", "--plan", plan.toString(), "--json", json.toString()));
        args.addAll(List.of(more));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(args.toArray(String[]::new), new PrintWriter(out, true), new PrintWriter(err, true));
        JsonNode doc = Files.exists(json) ? Json.MAPPER.readTree(json.toFile()) : null;
        if (doc != null) {
            ResultInvariants.check(doc);
        }
        return new QualifiedPlan(code, out.toString(), err.toString(), doc);
    }

    /** What it printed, both streams, for an assertion's message. */
    public String printed() {
        return out + "\n" + err;
    }
}
