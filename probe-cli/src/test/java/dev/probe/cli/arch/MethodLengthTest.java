package dev.probe.cli.arch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No method or constructor in main code is over 50 lines (signature to closing brace; a record's compact
 * constructor too): a longer one is a reader's whole screen and is split into named steps. No main class is over
 * 300 lines. Counted from the sources of every module, braces balanced line by line.
 */
class MethodLengthTest {
    static final int MAX_LINES = 50;
    private static final Pattern METHOD = Pattern.compile("^ {4,}(?:(?:public|protected|private|static|final|"
            + "synchronized|abstract|default)\\s+)*(?:<[^>]+>\\s+)?[\\w<>\\[\\], .?]+\\s+(\\w+)\\s*\\([^;]*$");
    static final int MAX_CLASS_LINES = 300;
    /** A record's compact constructor, {@code public Name { ... }}, named for a record the file declares. */
    private static final Pattern COMPACT = Pattern.compile("^ {4,}(?:(?:public|protected|private)\\s+)?([A-Z]\\w*)"
            + "\\s*\\{\\s*$");
    private static final Pattern NOT_A_METHOD = Pattern.compile("^\\s*(?:return|new|if|for|while|switch|catch|else|"
            + "throw|try)\\b|\\b(?:class|record|interface|enum)\\s");

    @Test
    void noMethodInMainCodeIsOverFiftyLines() throws IOException {
        Path root = Path.of("").toAbsolutePath().getParent();
        List<String> long_ = new ArrayList<>();
        int methods = 0;
        int compact = 0;
        for (Path f : mainSources(root)) {
            List<String> lines = Files.readAllLines(f);
            String text = String.join("\n", lines);
            for (int i = 0; i < lines.size(); i++) {
                Matcher m = METHOD.matcher(lines.get(i));
                Matcher c = COMPACT.matcher(lines.get(i));
                boolean isCompact = c.find() && text.contains("record " + c.group(1) + "(");
                if (isCompact) {
                    compact++;
                    m = c;
                } else if (!m.find() || NOT_A_METHOD.matcher(lines.get(i)).find()) {
                    continue;
                }
                int end = end(lines, i);
                if (end < 0) {
                    continue; // abstract or interface method: no body
                }
                methods++;
                if (end - i + 1 > MAX_LINES) {
                    long_.add(root.relativize(f) + ":" + (i + 1) + " " + m.group(1) + " (" + (end - i + 1) + " lines)");
                }
                i = end;
            }
        }
        assertTrue(methods > 1000, "methods found: " + methods);
        assertTrue(compact > 30, "compact constructors found: " + compact);
        assertEquals(List.of(), long_);
    }

    @Test
    void noMainClassIsOverThreeHundredLines() throws IOException {
        Path root = Path.of("").toAbsolutePath().getParent();
        List<String> long_ = new ArrayList<>();
        for (Path f : mainSources(root)) {
            long lines = Files.readAllLines(f).size();
            if (lines > MAX_CLASS_LINES) {
                long_.add(root.relativize(f) + " (" + lines + " lines)");
            }
        }
        assertEquals(List.of(), long_);
    }

    private static List<Path> mainSources(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(p -> p.toString().endsWith(".java") && p.toString().contains("/src/main/java/")
                    && !p.toString().contains("/target/")).toList();
        }
    }

    /** The line of the brace that closes the method declared at {@code start}; -1 when it has no body. */
    private static int end(List<String> lines, int start) {
        int open = start;
        while (open < lines.size() && !lines.get(open).contains("{")) {
            if (lines.get(open).contains(";")) {
                return -1;
            }
            open++;
        }
        int depth = 0;
        for (int k = open; k < lines.size(); k++) {
            String code = lines.get(k).replaceAll("\"(?:\\\\.|[^\"\\\\])*\"|'(?:\\\\.|[^'\\\\])'", "\"\"");
            depth += code.chars().filter(c -> c == '{').count() - code.chars().filter(c -> c == '}').count();
            if (depth <= 0) {
                return k;
            }
        }
        return -1;
    }
}
