/**
 * probe.jar's entry, compiled for Java 8: one line below Java 17, else the CLI.
 *
 * <p>Imports of probe: cli.
 * <br>Used by: none (an entry point).
 */
package dev.probe.launcher;
