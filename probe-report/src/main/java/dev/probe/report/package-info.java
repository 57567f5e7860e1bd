/**
 * The paper's data and tipping points, the model's fitting and validation, comparisons, charts and HTML pages.
 *
 * <p>Imports of probe: model.
 * <br>Used by: cli, cli.disk, cli.lab, cli.qualify, cli.report.
 */
package dev.probe.report;
