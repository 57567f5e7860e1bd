package dev.probe.core.agent;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.probe.core.protocol.BadParameterException;
import dev.probe.core.protocol.ControlFrame;
import dev.probe.core.protocol.FrameType;
import dev.probe.core.protocol.Json;
import dev.probe.core.protocol.ProtocolException;

/**
 * Fuzzes what an agent and a coordinator read from each other: an AGENT frame's JSON body as the agent parses a
 * request (legs of bulk runs, tests, object-storage runs) and as either side reads clock, start, interval and done
 * messages. Allowed failures: {@link BadParameterException} and {@link ProtocolException} (the frame's JSON).
 */
class AgentMessagesFuzzTest {
    @FuzzTest(maxDuration = "5m")
    void agentRequestsAndMessages(byte[] input) {
        ObjectNode body;
        try {
            body = Json.parseObject(input, FrameType.AGENT);
        } catch (ProtocolException expected) {
            return;
        }
        try {
            AgentParams.fromJson(body);
        } catch (BadParameterException expected) {
            // refused, naming the field
        }
        try {
            AgentMessages.Op op = AgentMessages.op(new ControlFrame(FrameType.AGENT, body));
            switch (op) {
                case CLOCK, START -> AgentMessages.micros(body, op == AgentMessages.Op.CLOCK ? "t0" : "at");
                case INTERVAL -> HostInterval.fromJson(body);
                case DONE -> HostSummary.fromJson(Json.requireObject(body, "summary"));
                default -> {}
            }
        } catch (BadParameterException expected) {
            // refused, naming the field
        }
    }
}
