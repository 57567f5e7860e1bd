package dev.probe.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.codegen.docgen.manpage.ManPageGenerator;

/**
 * Build step (exec-maven-plugin, prepare-package): writes the AsciiDoc man page source of {@code probe} and of every
 * subcommand that help lists (picocli-codegen's generator, from the same model as the help), which the asciidoctor
 * plugin renders as troff into the bundle's {@code share/man/man1}. {@code main(OUTDIR)}.
 */
public final class ManPageSource {
    private ManPageSource() {
    }

    public static void main(String[] args) throws IOException {
        Path out = Files.createDirectories(Path.of(args[0]));
        CommandLine probe = ProbeCommand.commandLine(new String[0]);
        Main.versionEverywhere(probe); // each page's footer names the version, as --version does
        write(probe, out);
    }

    private static final Pattern ITALIC = Pattern.compile("(?<!_)_([^_\\s]+)_(?!_)");

    /**
     * On option lines, square brackets inside a parameter label and around a split option's repetition as AsciiDoc's
     * {@code {startsb}} and {@code {endsb}}: AsciiDoc reads {@code [...]} before a formatting mark as an attribute list, which turned
     * {@code --from=_HOST[:PORT]_[,_HOST[:PORT]_...]} into stray text.
     */
    static String escapeBrackets(String adoc) {
        StringBuilder b = new StringBuilder();
        for (String line : adoc.split("\n", -1)) {
            if (line.contains("*-")) {
                line = ITALIC.matcher(line).replaceAll(m -> Matcher.quoteReplacement(
                        "_" + m.group(1).replace("[", "{startsb}").replace("]", "{endsb}") + "_"));
                line = line.replace("_[,_", "_{startsb},_").replace("_...]", "_...{endsb}");
            }
            b.append(line).append('\n');
        }
        return b.substring(0, b.length() - 1);
    }

    private static void write(CommandLine cmd, Path out) throws IOException {
        if (cmd.getCommandSpec().usageMessage().hidden()) {
            return;
        }
        String name = cmd.getCommandSpec().qualifiedName("-");
        StringWriter adoc = new StringWriter();
        try (PrintWriter w = new PrintWriter(adoc)) {
            ManPageGenerator.writeSingleManPage(w, cmd.getCommandSpec());
        }
        Files.writeString(out.resolve(name + ".adoc"), escapeBrackets(adoc.toString()), StandardCharsets.UTF_8);
        for (CommandLine sub : cmd.getSubcommands().values()) {
            write(sub, out);
        }
    }
}
