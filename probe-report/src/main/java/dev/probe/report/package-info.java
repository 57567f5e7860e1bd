/**
 * The paper's data and tipping points, the model's fitting and validation, comparisons, charts and HTML pages.
 *
 * <p>Holds: the model's fitting side ({@code ThroughputModel}: fits {@code probe-model}'s laws to the paper's tables
 * and wraps {@code PathModel} for the report commands; {@code ModelValidation} scores every law fitted, left out cell
 * by cell and operation by operation, and {@code ValidationReport} prints it; {@code ShippedFitTest} refits and fails
 * when the shipped {@code model-fit.properties} is stale; {@code LinkFit} fits a {@code LinkCurve}'s scale and channel
 * exponent to the user's results, {@code report predict --from}), charts, HTML pages ({@code QualifyPage} with its
 * {@code QualifyTables} and, for a RAC run, {@code QualifyRacPage}, {@code PlanPage} (a configuration's run: the sites
 * and hops drawn as SVG, the verdicts), {@code DiskPage}, {@code ComparePage}, {@code PaperReport}); each page's
 * contract with the result type it reads is a test in probe-cli's {@code dev.probe.report} tests
 * ({@code *ContractTest}, through {@code ReadKeys}: a key a page reads that no writer writes fails).
 *
 * <p>Imports of probe: model.
 * <br>Used by: cli, cli.disk, cli.lab, cli.qualify, cli.report.
 */
package dev.probe.report;
