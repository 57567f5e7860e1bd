package dev.probe.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.probe.model.StreamLaw;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * Issue 43's figures for the lossy model on the paper's 96 Internet cells at 35 channels, as {@code probe report
 * model --validate} prints them, pinned: the law kept, its errors fitted, with each cell left out, and with the
 * other operation left out, and the paper's tipping points recomputed from its predictions.
 */
class ModelValidationTest {
    private static final PaperData PAPER = PaperData.load();
    private static final ModelValidation V = ModelValidation.of(ThroughputModel.paperCells(PAPER));

    @Test
    void theKeptLawMeetsTheHeldOutTargetsAndIsTheBestHeldOut() {
        assertEquals(96, V.cells().size());
        assertEquals(StreamLaw.TWO_REGIMES, V.chosen(), "kept by AIC");
        ModelValidation.Scores kept = V.best();
        for (StreamLaw law : StreamLaw.values()) {
            assertTrue(ModelValidation.median(V.laws().get(law).leaveOneOut()) >= ModelValidation.median(kept
                    .leaveOneOut()), law + " predicts held-out cells no better");
        }
        // issue 43's targets: fitted median <= 5 % (met), max <= 12 % (not met: 13.9 %, backup at 50 ms and 0.1 %,
        // 0.51 Gbit/s between 0.83 at 35 ms and 0.40 at 75: no smooth law passes through it); held out median <= 7 %,
        // max <= 20 % (met)
        assertTrue(ModelValidation.median(kept.inSample()) <= 0.05, "fitted median");
        assertTrue(ModelValidation.max(kept.inSample()) <= 0.14, "fitted max");
        assertTrue(ModelValidation.median(kept.leaveOneOut()) <= 0.07, "held-out median");
        assertTrue(ModelValidation.max(kept.leaveOneOut()) <= 0.20, "held-out max");
        assertTrue(ModelValidation.median(kept.leaveOperationOut()) <= 0.07, "the other operation's median");
        assertTrue(ModelValidation.max(kept.leaveOperationOut()) <= 0.31, "the other operation's max");
        // the fixed-exponent laws, as the issue measured the old model: none reaches the targets
        assertTrue(ModelValidation.median(V.laws().get(StreamLaw.MATHIS).inSample()) > 0.10);
        assertTrue(ModelValidation.median(V.laws().get(StreamLaw.CUBIC).inSample()) > 0.10);
    }

    @Test
    void theTippingPointsFromThePredictionsLandWhereThePapersDo() {
        int compared = 0;
        for (TippingPoints.Result[] t : V.tips(PAPER)) {
            for (Tip[] pair : new Tip[][] {{t[0].tip2x(), t[1].tip2x()}, {t[0].tip10x(), t[1].tip10x()}}) {
                assertEquals(pair[0].kind(), pair[1].kind(), t[0] + " against " + t[1]);
                if (pair[0].kind() == Tip.Kind.AT) {
                    assertEquals(pair[0].ms(), pair[1].ms(), 0.1 * pair[0].ms(), t[0] + " against " + t[1]);
                    compared++;
                }
            }
        }
        assertEquals(20, compared, "every 2x and 10x tip the paper's rows reach within the grid");
    }

    @Test
    void theValidationReportPrintsEveryLawAndEveryCell() {
        String text = ValidationReport.render(V, PAPER, Format.TEXT);
        for (StreamLaw law : StreamLaw.values()) {
            assertTrue(text.contains(law.name().toLowerCase(Locale.ROOT)), law.name());
        }
        assertTrue(text.contains("two_regimes") && text.contains("kept"), text);
        assertEquals(96 + 12, text.lines().filter(l -> l.matches("^(5|7|9|11) .*")).count(), "96 cells, 12 tips");
        String json = ValidationReport.render(V, PAPER, Format.JSON);
        assertTrue(json.contains("\"kept\" : \"two_regimes\"") && json.contains("\"leave_one_out\""), json);
    }
}
