package dev.probe.report;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A small CSV reader (RFC 4180 quoting): a header line, then rows as column-name maps. */
final class Csv {
    private Csv() {
    }

    /** Reads all rows; throws {@link IllegalArgumentException} naming the line for a row of the wrong width. */
    static List<Map<String, String>> read(Reader in, String source) throws IOException {
        BufferedReader r = new BufferedReader(in);
        String headerLine = r.readLine();
        if (headerLine == null) {
            throw new ReportInputException(source + " is empty");
        }
        List<String> header = split(headerLine.replace("\uFEFF", ""));
        List<Map<String, String>> rows = new ArrayList<>();
        int lineNo = 1;
        for (String line; (line = r.readLine()) != null;) {
            lineNo++;
            if (line.isBlank()) {
                continue;
            }
            List<String> cells = split(line);
            if (cells.size() != header.size()) {
                throw new ReportInputException(source + " line " + lineNo + " has " + cells.size()
                        + " fields, the header has " + header.size());
            }
            Map<String, String> row = new LinkedHashMap<>();
            for (int i = 0; i < header.size(); i++) {
                row.put(header.get(i).trim(), cells.get(i).trim());
            }
            rows.add(row);
        }
        return rows;
    }

    static List<String> split(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    cell.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    cell.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                out.add(cell.toString());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        out.add(cell.toString());
        return out;
    }
}
