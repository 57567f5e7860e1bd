package dev.probe.report;

/** A result file, paper table or report option the report cannot use, said in one line naming it; exit 2. */
public final class ReportInputException extends IllegalArgumentException {
    public ReportInputException(String message) {
        super(message);
    }
}
