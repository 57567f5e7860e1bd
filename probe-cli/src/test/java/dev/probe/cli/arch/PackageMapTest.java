package dev.probe.cli.arch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Issue 60: every package of main code has a {@code package-info.java} whose map is true: what it says it imports
 * of probe is what its classes name (in imports or inline), and who it says uses it are the packages that name it.
 * A new import fails this test until the map says so, so the maps cannot drift from the code.
 */
class PackageMapTest {
    private static final Pattern PACKAGE = Pattern.compile("(?m)^package ([\\w.]+);");
    private static final Pattern REFERENCE = Pattern.compile("\\b(dev\\.probe(?:\\.[a-z]\\w*)+)\\.[A-Z]");
    private static final Pattern IMPORTS = Pattern.compile("Imports of probe: (.*?)\\.\\s*<br>");
    private static final Pattern USED_BY = Pattern.compile("Used by: (.*?)\\.\\s*\\*/");

    @Test
    void everyPackageSaysWhatItImportsAndWhoUsesIt() throws IOException {
        Path root = Path.of("").toAbsolutePath().getParent();
        Map<String, Set<String>> imports = new TreeMap<>();
        Map<String, Set<String>> users = new TreeMap<>();
        Map<String, Path> maps = new TreeMap<>();
        List<Path> sources = mainSources(root);
        for (Path f : sources) {
            String text = Files.readString(f);
            String pkg = packageOf(text, f);
            imports.computeIfAbsent(pkg, k -> new TreeSet<>());
            users.computeIfAbsent(pkg, k -> new TreeSet<>());
            if (f.getFileName().toString().equals("package-info.java")) {
                maps.put(pkg, f);
            }
        }
        for (Path f : sources) {
            String text = Files.readString(f);
            String pkg = packageOf(text, f);
            if (f.getFileName().toString().equals("package-info.java")) {
                continue;
            }
            Matcher m = REFERENCE.matcher(text.replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("//[^\n]*", ""));
            while (m.find()) {
                String named = m.group(1);
                if (imports.containsKey(named) && !named.equals(pkg)) {
                    imports.get(pkg).add(shortName(named));
                    users.get(named).add(shortName(pkg));
                }
            }
        }
        List<String> wrong = new ArrayList<>();
        for (String pkg : imports.keySet()) {
            Path map = maps.get(pkg);
            if (map == null) {
                wrong.add(pkg + ": no package-info.java");
                continue;
            }
            String doc = Files.readString(map).replaceAll("\\s*\\n\\s*\\*(?!/)\\s*", " ");
            compare(wrong, pkg, "imports", listed(IMPORTS, doc), imports.get(pkg));
            compare(wrong, pkg, "used by", listed(USED_BY, doc), users.get(pkg));
        }
        assertEquals(List.of(), wrong, "package maps out of date (regenerate the lists from the code)");
        assertTrue(maps.size() >= 40, "every module's packages: " + maps.keySet());
    }

    private static void compare(List<String> wrong, String pkg, String what, Set<String> said, Set<String> is) {
        if (!said.equals(is)) {
            wrong.add(pkg + " " + what + ": the map says " + said + ", the code " + is);
        }
    }

    private static Set<String> listed(Pattern p, String doc) {
        Matcher m = p.matcher(doc);
        Set<String> out = new TreeSet<>();
        if (m.find()) {
            for (String s : m.group(1).split(",")) {
                String t = s.trim();
                if (!t.isEmpty() && !t.startsWith("none")) {
                    out.add(t);
                }
            }
        }
        return out;
    }

    private static String shortName(String pkg) {
        return pkg.substring("dev.probe.".length());
    }

    private static String packageOf(String text, Path f) {
        Matcher m = PACKAGE.matcher(text);
        assertTrue(m.find(), f + " declares no package");
        return m.group(1);
    }

    private static List<Path> mainSources(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(p -> p.toString().endsWith(".java") && p.toString().contains("/src/main/java/")
                    && !p.toString().contains("/target/")).toList();
        }
    }
}
