package dev.probe.core.plan;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.probe.core.error.UsageException;
import dev.probe.core.units.Text;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A plan file's YAML read safely into a tree: a regular file of at most {@link PlanFile#MAX_BYTES}, spaces only in
 * its indentation, one document, a map at its top, duplicate keys refused; every refusal one quoted line naming the
 * file, the line and the column.
 */
final class PlanYaml {
    private static final YAMLMapper YAML = YAMLMapper.builder(YAMLFactory.builder().build())
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();

    private PlanYaml() {
    }

    /** The tree of {@code file}; {@code where} ("--plan FILE") prefixes every refusal. */
    static JsonNode read(Path file, String where) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new UsageException(where + ": " + (Files.exists(file) ? "not a regular file" : "no such file"));
        }
        if (Files.size(file) > PlanFile.MAX_BYTES) {
            throw new UsageException(where + ": " + Files.size(file) + " bytes; a plan is at most "
                    + PlanFile.MAX_BYTES);
        }
        byte[] bytes = Files.readAllBytes(file);
        refuseTabs(new String(bytes, StandardCharsets.UTF_8), where);
        try (JsonParser in = YAML.getFactory().createParser(bytes)) {
            JsonNode root = YAML.readTree(in);
            if (root == null || !root.isObject()) {
                throw new UsageException(where + ": not a plan (a YAML map with redo:, sites: and routes:)");
            }
            if (in.nextToken() != null) {
                throw new UsageException(where + ": a second YAML document at line "
                        + in.currentLocation().getLineNr() + "; a plan is one document (remove the '---' and "
                        + "what follows, or merge it)");
            }
            return root;
        } catch (JsonProcessingException e) {
            String at = e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr();
            String why = e.getOriginalMessage().lines().findFirst().orElse("");
            String what = why.contains("'\\t'") ? "a tab where YAML allows only spaces; replace the tab with spaces"
                    : why;
            throw new UsageException(Text.quote(where + ": not valid YAML" + at + ": " + what, PlanChecks.MESSAGE_MAX));
        }
    }

    /**
     * YAML indents with spaces only: a tab in a line's indentation is refused naming its line and column, not with
     * the parser's "found character '\t' that cannot start any token" (or worse, a different reading of the plan).
     */
    private static void refuseTabs(String text, String where) {
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            int tab = line.indexOf('\t');
            if (tab < 0 || line.stripLeading().startsWith("#")) {
                continue;
            }
            if (line.substring(0, tab).isBlank()) {
                throw new UsageException(where + ": a tab at line " + (i + 1) + ", column " + (tab + 1)
                        + ": YAML indents with spaces only; replace the tab with spaces");
            }
        }
    }
}
