package dev.probe.core.plan;

import dev.probe.core.error.UsageException;
import dev.probe.core.units.Text;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The broker's RedoRoutes property of one site, in DGMGRL's syntax: one or more rules
 * {@code (SOURCE : DEST [SYNC|FASTSYNC|ASYNC], DEST [mode] ...)}, SOURCE being {@code LOCAL} (redo this site generates
 * as a primary), {@code ANY} or the sites it receives from. A destination without a mode is ASYNC, the broker's
 * default. Priority groups and {@code ALL} are refused by name: probe qualifies the routes a configuration uses.
 */
public final class RedoRoutes {
    /** The source of redo a site generates itself. */
    public static final String LOCAL = "LOCAL";
    /** A rule for redo from whichever site this one receives from. */
    public static final String ANY = "ANY";
    private static final int MAX_LENGTH = 4096;

    /** One rule: where the redo comes from, and where it goes. */
    public record Rule(List<String> sources, List<Destination> destinations) {
        public Rule {
            sources = List.copyOf(sources);
            destinations = List.copyOf(destinations);
        }

        /** The rule as DGMGRL writes it. */
        public String text() {
            List<String> d = new ArrayList<>();
            destinations.forEach(x -> d.add(x.site() + " " + x.mode().label()));
            return "(" + String.join(", ", sources) + " : " + String.join(", ", d) + ")";
        }
    }

    /** One destination of a rule. */
    public record Destination(String site, Route.Mode mode) {
    }

    private final String where;
    private final List<String> tokens;
    private int next;

    private RedoRoutes(String where, List<String> tokens) {
        this.where = where;
        this.tokens = tokens;
    }

    /** The rules of {@code text}; {@code where} (e.g. "--plan f.yaml: routes.prim") prefixes any error. */
    public static List<Rule> parse(String where, String text) {
        if (text == null || text.isBlank()) {
            throw new UsageException(where + ": empty; write the site's RedoRoutes, e.g. \"(LOCAL : sb1 ASYNC)\"");
        }
        if (text.length() > MAX_LENGTH) {
            throw new UsageException(where + ": " + text.length() + " characters; RedoRoutes takes at most "
                    + MAX_LENGTH);
        }
        RedoRoutes p = new RedoRoutes(where, tokens(text));
        List<Rule> rules = new ArrayList<>();
        while (p.next < p.tokens.size()) {
            rules.add(p.rule());
        }
        return rules;
    }

    private static List<String> tokens(String text) {
        List<String> out = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        for (char c : text.toCharArray()) {
            if (c == '(' || c == ')' || c == ':' || c == ',' || Character.isWhitespace(c)) {
                if (word.length() > 0) {
                    out.add(word.toString());
                    word.setLength(0);
                }
                if (!Character.isWhitespace(c)) {
                    out.add(String.valueOf(c));
                }
            } else {
                word.append(c);
            }
        }
        if (word.length() > 0) {
            out.add(word.toString());
        }
        return out;
    }

    private Rule rule() {
        expect("(", "a rule starts with '('");
        List<String> sources = new ArrayList<>();
        do {
            sources.add(name("a source (LOCAL, ANY or a site)"));
        } while (take(","));
        expect(":", "the sources end with ':'");
        List<Destination> destinations = new ArrayList<>();
        do {
            destinations.add(destination());
        } while (take(","));
        expect(")", "a rule ends with ')'");
        return new Rule(sources, destinations);
    }

    private Destination destination() {
        if (peek("(")) {
            throw error("priority groups ('(sb1 PRIORITY=1, ...)') are not supported: give the route in use");
        }
        String site = name("a destination site");
        if (site.equalsIgnoreCase("ALL")) {
            throw error("'ALL': name the destinations");
        }
        Route.Mode mode = Route.Mode.ASYNC;
        if (next < tokens.size() && !isPunctuation(tokens.get(next))) {
            String word = tokens.get(next++);
            try {
                mode = Route.Mode.parse(word);
            } catch (IllegalArgumentException e) {
                throw error("'" + word + "' after " + site + " is not SYNC, FASTSYNC or ASYNC");
            }
        }
        return new Destination(site, mode);
    }

    private String name(String what) {
        if (next >= tokens.size() || isPunctuation(tokens.get(next))) {
            throw error("expected " + what + (next < tokens.size() ? " before '" + tokens.get(next) + "'"
                    : " at the end"));
        }
        String word = tokens.get(next++);
        return word.equalsIgnoreCase(LOCAL) || word.equalsIgnoreCase(ANY) ? word.toUpperCase(Locale.ROOT) : word;
    }

    private void expect(String punctuation, String rule) {
        if (!take(punctuation)) {
            throw error(rule + (next < tokens.size() ? " (found '" + tokens.get(next) + "')" : " (found the end)"));
        }
    }

    private boolean take(String punctuation) {
        if (peek(punctuation)) {
            next++;
            return true;
        }
        return false;
    }

    private boolean peek(String punctuation) {
        return next < tokens.size() && tokens.get(next).equals(punctuation);
    }

    private static boolean isPunctuation(String token) {
        return token.length() == 1 && "():,".contains(token);
    }

    private UsageException error(String message) {
        return new UsageException(Text.quote(where + ": " + message, PlanChecks.MESSAGE_MAX));
    }
}
