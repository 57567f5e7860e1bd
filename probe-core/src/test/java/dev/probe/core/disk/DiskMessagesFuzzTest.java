package dev.probe.core.disk;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.protocol.ControlFrame;
import dev.probe.core.protocol.FrameType;
import dev.probe.core.protocol.Json;
import dev.probe.core.protocol.ProtocolException;

/**
 * Fuzzes what a remote disk check reads: the request a server parses (HELLO kind "disk": directory and profile
 * parameters) and the DISK frames a client reads back (points, done, failed). Allowed failures:
 * {@link BadParameterException} and {@link ProtocolException}.
 */
class DiskMessagesFuzzTest {
    @FuzzTest(maxDuration = "5m")
    void diskRequestsAndMessages(byte[] input) {
        ObjectNode body;
        try {
            body = Json.parseObject(input, FrameType.DISK);
        } catch (ProtocolException expected) {
            return;
        }
        try {
            RemoteDiskSpec.fromJson(body);
        } catch (BadParameterException expected) {
            // refused, naming the field
        }
        try {
            if (DiskMessages.op(new ControlFrame(FrameType.DISK, body)).equals("point")) {
                LoadPoint.fromJson(body);
            }
        } catch (BadParameterException expected) {
            // refused, naming the field
        }
    }
}
