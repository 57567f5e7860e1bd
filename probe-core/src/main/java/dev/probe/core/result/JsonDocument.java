package dev.probe.core.result;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** A part of a result document that writes itself as one JSON object (an interval, a channel's figures). */
public interface JsonDocument {
    ObjectNode toJson();
}
