package dev.probe.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** The report's JSON mapper: reads result documents (probe.result/1) and writes the report's own JSON. */
final class ReportJson {
    static final ObjectMapper MAPPER = new ObjectMapper();

    private ReportJson() {
    }

    static ObjectNode object() {
        return MAPPER.createObjectNode();
    }
}
