package dev.probe.core.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.probe.core.error.UsageException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** DGMGRL's RedoRoutes syntax as the broker writes it, and what probe refuses by name. */
class RedoRoutesTest {
    @Test
    void rulesSourcesDestinationsAndModesAsTheBrokerWritesThem() {
        List<RedoRoutes.Rule> rules = RedoRoutes.parse("routes.prim", "(LOCAL : fs1 SYNC, sb2 async)(sb1, sb3 : sb4)");
        assertEquals(2, rules.size());
        assertEquals(List.of("LOCAL"), rules.get(0).sources());
        assertEquals(List.of(new RedoRoutes.Destination("fs1", Route.Mode.SYNC),
                new RedoRoutes.Destination("sb2", Route.Mode.ASYNC)), rules.get(0).destinations());
        assertEquals(List.of("sb1", "sb3"), rules.get(1).sources());
        assertEquals(Route.Mode.ASYNC, rules.get(1).destinations().get(0).mode(), "no mode: the broker's ASYNC");
        assertEquals("(LOCAL : fs1 SYNC, sb2 ASYNC)", rules.get(0).text());
        assertEquals(Route.Mode.FASTSYNC, RedoRoutes.parse("r", "( any:sb1 FastSync )").get(0).destinations()
                .get(0).mode());
        assertEquals("ANY", RedoRoutes.parse("r", "(any : sb1)").get(0).sources().get(0));
    }

    @Test
    void malformedRoutesAreOneLineNamingTheKey() {
        assertError("(LOCAL : sb1 SYNC", "routes.prim: a rule ends with ')' (found the end)");
        assertError("LOCAL : sb1", "routes.prim: a rule starts with '(' (found 'LOCAL')");
        assertError("(LOCAL sb1)", "routes.prim: the sources end with ':' (found 'sb1')");
        assertError("(LOCAL : sb1 MAXSYNC)", "'MAXSYNC' after sb1 is not SYNC, FASTSYNC or ASYNC");
        assertError("(LOCAL : (sb1 PRIORITY=1, sb2 PRIORITY=2))", "priority groups");
        assertError("(LOCAL : ALL)", "'ALL': name the destinations");
        assertError("(LOCAL : )", "expected a destination site before ')'");
        assertError("  ", "routes.prim: empty");
        assertError("(LOCAL : " + "s,".repeat(3000) + "s)", "characters; RedoRoutes takes at most 4096");
    }

    private static void assertError(String text, String contains) {
        UsageException e = assertThrows(UsageException.class, () -> RedoRoutes.parse("routes.prim", text));
        assertTrue(e.getMessage().contains(contains), e.getMessage());
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
    }
}
