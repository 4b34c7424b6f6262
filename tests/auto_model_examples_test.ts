// AutoModel smoke-tests the agents of the SDK's own example programs without a
// single scripted step. The agents below restate, in this repository's words,
// what those examples define: the same tools with the same zod schemas, the same
// structured output types, handoffs, agents-as-tools, guardrails and tool-use
// behaviours; I/O-bound pieces (a real shell, a file system, a browser) are
// replaced by in-memory stand-ins. Every run goes through the real Runner, with
// every model name routed to one AutoModel by a ScriptedModelProvider fallback.
import assert from 'node:assert/strict';
import {
  Agent,
  applyPatchTool,
  codeInterpreterTool,
  fileSearchTool,
  handoff,
  imageGenerationTool,
  InputGuardrailTripwireTriggered,
  type JsonSchemaDefinition,
  type RunContext,
  type RunItem,
  Runner,
  shellTool,
  tool,
  type ToolToFinalOutputFunction,
  webSearchTool,
} from '@openai/agents';
import { removeAllTools } from '@openai/agents-core/extensions';
import { z } from 'zod';
import { AutoModel, type AutoModelOptions, ScriptedModelProvider } from 'scripted-agents/testing';
import { describe, test } from './_harness.ts';

/** A runner whose every model name (and no name) is served by `model`. */
function autoRunner(model: AutoModel): Runner {
  return new Runner({
    modelProvider: new ScriptedModelProvider({ models: {}, fallback: model }),
    tracingDisabled: true,
  });
}

function auto(options: AutoModelOptions = {}): AutoModel {
  return new AutoModel({ seed: 42, ...options });
}

function toolNamesCalled(result: { newItems: RunItem[] }): string[] {
  return result.newItems
    .filter((item) => item.type === 'tool_call_item' && item.rawItem.type === 'function_call')
    .map((item) => (item.rawItem as { name: string }).name);
}

describe('SDK examples: basic', () => {
  test('hello world answers with text', async () => {
    const model = auto();
    const agent = new Agent({ name: 'Assistant', instructions: 'Answer in haiku.' });
    const result = await autoRunner(model).run(agent, 'Tell me about recursion.');
    assert.equal(result.finalOutput, 'AutoModel finished.');
    model.assertComplete();
  });

  test('a weather tool with input and output guardrails', async () => {
    const guardrailVerdicts: string[] = [];
    const getWeather = tool({
      name: 'get_weather',
      description: 'Weather for one city.',
      parameters: z.object({ city: z.string() }),
      execute: async ({ city }) => ({
        city,
        temperatureRange: '14-20C',
        conditions: 'Sunny, windy.',
      }),
      inputGuardrails: [{
        name: 'only_tokyo',
        run: async ({ toolCall }) => {
          const { city } = JSON.parse(toolCall.arguments) as { city: string };
          const allowed = city.toLowerCase() === 'tokyo';
          guardrailVerdicts.push(allowed ? 'allow' : 'reject');
          return allowed
            ? { behavior: { type: 'allow' } }
            : { behavior: { type: 'rejectContent', message: 'Only cities in Japan.' } };
        },
      }],
      outputGuardrails: [{
        name: 'pass_through',
        run: async () => ({ behavior: { type: 'allow' } }),
      }],
    });
    const agent = new Agent({ name: 'Weather helper', tools: [getWeather] });

    const generated = auto();
    await autoRunner(generated).run(agent, 'Weather in San Francisco?');
    assert.deepEqual(guardrailVerdicts, ['reject']);
    generated.assertComplete();

    const tokyo = auto({ arguments: { get_weather: { city: 'Tokyo' } } });
    await autoRunner(tokyo).run(agent, 'Weather in Tokyo?');
    assert.deepEqual(guardrailVerdicts, ['reject', 'allow']);
    tokyo.assertComplete();
  });

  test('a JSON-schema output type', async () => {
    const weather: JsonSchemaDefinition = {
      type: 'json_schema',
      name: 'Weather',
      strict: true,
      schema: {
        type: 'object',
        properties: { city: { type: 'string' }, forecast: { type: 'string' } },
        required: ['city', 'forecast'],
        additionalProperties: false,
      },
    };
    const model = auto();
    const agent = new Agent({ name: 'Weather reporter', outputType: weather });
    const result = await autoRunner(model).run(agent, 'London?');
    const output = result.finalOutput as { city: string; forecast: string };
    assert.equal(typeof output.city, 'string');
    assert.equal(typeof output.forecast, 'string');
  });

  test('tool-use behaviours: stop at a tool, run again with structured output, plain text', async () => {
    const Weather = z.object({ city: z.string(), result: z.string() });
    const getWeather = tool({
      name: 'get_weather',
      description: 'Weather for a city.',
      parameters: z.object({ city: z.string() }),
      execute: async ({ city }) => ({ city, result: 'sunny' }),
    });
    const saySomething = tool({
      name: 'say_something',
      description: 'Says something nice.',
      parameters: z.object({}),
      execute: async () => 'Thanks for asking!',
    });
    const tools = [getWeather, saySomething];

    // Stops as soon as get_weather (the first tool AutoModel calls) has run.
    const stopping = auto();
    const stopped = await autoRunner(stopping).run(
      new Agent({
        name: 'Data agent',
        tools,
        outputType: Weather,
        toolUseBehavior: { stopAtToolNames: ['get_weather'] },
      }),
      'Weather in San Francisco?',
    );
    assert.equal((stopped.finalOutput as { result: string }).result, 'sunny');
    assert.deepEqual(toolNamesCalled(stopped), ['get_weather']);

    const structured = auto();
    const again = await autoRunner(structured).run(
      new Agent({ name: 'Data agent', tools, outputType: Weather }),
      'Weather in San Francisco?',
    );
    assert.ok(Weather.safeParse(again.finalOutput).success);
    assert.deepEqual(toolNamesCalled(again), ['get_weather', 'say_something']);
    structured.assertComplete();

    const text = auto();
    const plain = await autoRunner(text).run(
      new Agent({ name: 'Data agent', tools, outputType: 'text' }),
      'Weather in San Francisco?',
    );
    assert.equal(plain.finalOutput, 'AutoModel finished.');
    text.assertComplete();
  });

  test('dynamic instructions are called with the run context', async () => {
    const styles: string[] = [];
    const model = auto();
    const agent = new Agent<{ style: string }>({
      name: 'Chameleon',
      instructions: (runContext) => {
        styles.push(runContext.context.style);
        return `Respond as a ${runContext.context.style}.`;
      },
    });
    await autoRunner(model).run(agent, 'Hello', { context: { style: 'pirate' } });
    assert.deepEqual(styles, ['pirate']);
    assert.equal(model.firstCall?.request.systemInstructions, 'Respond as a pirate.');
  });
});

describe('SDK examples: agent patterns', () => {
  test('agents as tools: an orchestrator with three translators, then a synthesizer', async () => {
    const translator = (language: string) =>
      new Agent({
        name: `${language.toLowerCase()}_agent`,
        instructions: `Translate to ${language}.`,
      });
    const orchestrator = new Agent({
      name: 'orchestrator_agent',
      instructions: 'Use the translation tools; never translate yourself.',
      tools: ['Spanish', 'French', 'Italian'].map((language) =>
        translator(language).asTool({
          toolName: `translate_to_${language.toLowerCase()}`,
          toolDescription: `Translate the user's message to ${language}`,
        })
      ),
    });
    const synthesizer = new Agent({
      name: 'synthesizer_agent',
      instructions: 'Combine the translations.',
    });
    const model = auto();
    const runner = autoRunner(model);
    const result = await runner.run(orchestrator, 'Hello to Spanish and French');
    assert.deepEqual(toolNamesCalled(result), [
      'translate_to_spanish',
      'translate_to_french',
      'translate_to_italian',
    ]);
    const outputs = result.newItems.filter((item) => item.type === 'tool_call_output_item');
    assert.equal(outputs.length, 3);
    const synthesized = await runner.run(synthesizer, result.history);
    assert.equal(synthesized.finalOutput, 'AutoModel finished.');
    model.assertComplete();
  });

  test('agents as tools with structured input', async () => {
    const translator = new Agent({ name: 'translator', instructions: 'Translate the text.' });
    const orchestrator = new Agent({
      name: 'orchestrator',
      instructions: 'Dispatch tasks; do none yourself.',
      modelSettings: { toolChoice: 'required' },
      tools: [
        translator.asTool({
          toolName: 'translate_text',
          toolDescription: 'Translate text between two languages.',
          parameters: z.object({
            text: z.string().describe('Text to translate.'),
            source: z.string().describe('Source language.'),
            target: z.string().describe('Target language.'),
          }),
        }),
      ],
    });
    const model = auto();
    const result = await autoRunner(model).run(
      orchestrator,
      'Translate "Hola" from Spanish to French.',
    );
    assert.deepEqual(toolNamesCalled(result), ['translate_text']);
    const args = model.generated.find((entry) => entry.name === 'translate_text')?.value as Record<
      string,
      string
    >;
    assert.deepEqual(Object.keys(args).sort(), ['source', 'target', 'text']);
    // The nested translator run received the structured input as its prompt.
    const nested = model.calls.find((call) =>
      call.request.tools.length === 0 && JSON.stringify(call.request.input).includes(args.text)
    );
    assert.ok(nested);
  });

  test('a deterministic flow: outline, structured check, story', async () => {
    const outliner = new Agent({
      name: 'story_outline_agent',
      instructions: 'Outline a short story.',
    });
    const checker = new Agent({
      name: 'outline_checker_agent',
      instructions: 'Judge the outline; is it sci-fi?',
      outputType: z.object({ good_quality: z.boolean(), is_scifi: z.boolean() }),
    });
    const writer = new Agent({ name: 'story_agent', instructions: 'Write the story.' });
    const model = auto();
    const runner = autoRunner(model);
    const outline = await runner.run(outliner, 'A story about robots');
    const check = await runner.run(checker, outline.finalOutput as string);
    assert.equal(typeof check.finalOutput?.good_quality, 'boolean');
    assert.equal(typeof check.finalOutput?.is_scifi, 'boolean');
    const story = await runner.run(writer, outline.finalOutput as string);
    assert.equal(story.finalOutput, 'AutoModel finished.');
  });

  test('forcing tool use: default, stop on first tool, and a custom tool-use function', async () => {
    const getWeather = tool({
      name: 'get_weather',
      description: 'Weather for a city.',
      parameters: z.object({ city: z.string() }),
      execute: async ({ city }) => ({
        city,
        temperature_range: '14-20C',
        conditions: 'Sunny with wind',
      }),
    });
    const custom: ToolToFinalOutputFunction = async (_context, results) => {
      const first = results.find((result) => result.type === 'function_output');
      if (first === undefined) return { isFinalOutput: false, isInterrupted: undefined };
      const weather = first.output as { city: string; conditions: string };
      return {
        isFinalOutput: true,
        isInterrupted: undefined,
        finalOutput: `${weather.city} is ${weather.conditions}.`,
      };
    };
    const variants = [
      { toolUseBehavior: 'run_llm_again' as const, expected: 'AutoModel finished.' },
      { toolUseBehavior: 'stop_on_first_tool' as const, expected: undefined },
      { toolUseBehavior: custom, expected: undefined },
    ];
    for (const variant of variants) {
      const model = auto({ arguments: { get_weather: { city: 'Tokyo' } } });
      const agent = new Agent({
        name: 'Weather agent',
        tools: [getWeather],
        toolUseBehavior: variant.toolUseBehavior,
        modelSettings: variant.toolUseBehavior === 'run_llm_again'
          ? {}
          : { toolChoice: 'required' },
      });
      const result = await autoRunner(model).run(agent, 'Weather in Tokyo?');
      if (variant.expected !== undefined) assert.equal(result.finalOutput, variant.expected);
      else if (variant.toolUseBehavior === custom) {
        assert.equal(result.finalOutput, 'Tokyo is Sunny with wind.');
      } else assert.match(String(result.finalOutput), /Sunny with wind/);
      model.assertComplete();
    }
  });

  test('LLM as a judge: generator and evaluator with an enum score', async () => {
    const generator = new Agent({
      name: 'story_outline_generator',
      instructions: 'Outline; use feedback.',
    });
    const Feedback = z.object({
      feedback: z.string(),
      score: z.enum(['pass', 'needs_improvement', 'fail']),
    });
    const evaluator = new Agent({
      name: 'evaluator',
      instructions: 'Grade the outline.',
      outputType: Feedback,
    });
    const model = auto();
    const runner = autoRunner(model);
    let input = (await runner.run(generator, 'A detective story')).history;
    for (let round = 0; round < 3; round++) {
      const verdict = await runner.run(evaluator, input);
      assert.ok(Feedback.safeParse(verdict.finalOutput).success);
      if (verdict.finalOutput?.score === 'pass') break;
      input = [...input, { role: 'user', content: `Feedback: ${verdict.finalOutput?.feedback}` }];
      input = (await runner.run(generator, input)).history;
    }
    assert.ok(model.calls.length >= 2);
  });

  test('input guardrail backed by a structured guardrail agent', async () => {
    const guardrailAgent = new Agent({
      name: 'Guardrail agent',
      instructions: 'Is this math homework?',
      outputType: z.object({ isMathHomework: z.boolean() }),
    });
    const verdicts: boolean[] = [];
    const model = auto();
    const runner = autoRunner(model);
    const support = new Agent({
      name: 'Customer support agent',
      instructions: 'Help customers.',
      inputGuardrails: [{
        name: 'Math Homework Guardrail',
        execute: async ({ input, context }) => {
          const check = await runner.run(guardrailAgent, input, { context });
          verdicts.push(check.finalOutput?.isMathHomework ?? false);
          return {
            tripwireTriggered: check.finalOutput?.isMathHomework ?? false,
            outputInfo: check.finalOutput,
          };
        },
      }],
    });
    const outcome = await runner.run(support, 'Solve 2x + 5 = 11').then(
      (result) => result.finalOutput,
      (error) => error,
    );
    assert.equal(verdicts.length, 1);
    if (verdicts[0]) assert.ok(outcome instanceof InputGuardrailTripwireTriggered);
    else assert.equal(outcome, 'AutoModel finished.');
  });

  test('output guardrails on text and on structured output', async () => {
    const checked: unknown[] = [];
    const textAgent = new Agent({
      name: 'Assistant',
      outputGuardrails: [{
        name: 'Phone Number Guardrail',
        execute: async ({ agentOutput }) => {
          checked.push(agentOutput);
          return {
            tripwireTriggered: agentOutput.includes('650'),
            outputInfo: 'phone number check',
          };
        },
      }],
    });
    const Message = z.object({
      reasoning: z.string(),
      response: z.string(),
      userName: z.string().nullable(),
    });
    const structuredAgent = new Agent({
      name: 'Assistant',
      outputType: Message,
      outputGuardrails: [{
        name: 'Phone Number Guardrail',
        execute: async ({ agentOutput }) => {
          checked.push(agentOutput);
          return {
            tripwireTriggered: agentOutput.response.includes('650') ||
              agentOutput.reasoning.includes('650'),
            outputInfo: {},
          };
        },
      }],
    });
    const model = auto();
    await autoRunner(model).run(textAgent, 'Hi, I am John.');
    const structured = await autoRunner(model).run(structuredAgent, 'Hi, I am John.');
    assert.equal(checked.length, 2);
    assert.ok(Message.safeParse(structured.finalOutput).success);
    assert.deepEqual(checked[1], structured.finalOutput);
  });

  test('parallelization: three runs of one agent, then a picker', async () => {
    const spanish = new Agent({ name: 'spanish_agent', instructions: 'Translate to Spanish.' });
    const picker = new Agent({ name: 'translation_picker', instructions: 'Pick the best.' });
    const model = auto();
    const runner = autoRunner(model);
    const results = await Promise.all([1, 2, 3].map(() => runner.run(spanish, 'Good morning')));
    const best = await runner.run(
      picker,
      results.map((result) => String(result.finalOutput)).join('\n'),
    );
    assert.equal(best.finalOutput, 'AutoModel finished.');
    assert.equal(model.calls.length, 4);
  });

  test('human in the loop: tool approvals interrupt, approve resumes', async () => {
    const getWeather = tool({
      name: 'get_weather',
      description: 'Weather conditions for one city.',
      parameters: z.object({ city: z.string().describe('The city.') }),
      execute: async ({ city }) => `The weather in ${city} is sunny`,
    });
    const weatherAgent = new Agent({ name: 'Weather agent', tools: [getWeather] });
    const getTemperature = tool({
      name: 'get_temperature',
      description: 'Current temperature for one city.',
      parameters: z.object({ city: z.string().describe('The city.') }),
      needsApproval: async (_context, { city }) => city.includes('Oakland'),
      execute: async ({ city }) => `The temperature in ${city} is 20° Celsius`,
    });
    const agent = new Agent({
      name: 'Basic test agent',
      tools: [
        getTemperature,
        weatherAgent.asTool({
          toolName: 'ask_weather_agent',
          toolDescription: 'Weather conditions for one or more places.',
          needsApproval: async (_context, { input }) => input.includes('San Francisco'),
        }),
      ],
    });
    const model = auto({
      parallelToolCalls: true,
      arguments: {
        get_temperature: { city: 'Oakland' },
        ask_weather_agent: { input: 'San Francisco' },
      },
    });
    const runner = autoRunner(model);
    let result = await runner.run(agent, 'Weather and temperature in San Francisco and Oakland?');
    assert.deepEqual(
      result.interruptions.map((item) => (item.rawItem as { name: string }).name).sort(),
      ['ask_weather_agent', 'get_temperature'],
    );
    for (const interruption of result.interruptions) result.state.approve(interruption);
    result = await runner.run(agent, result.state);
    assert.equal(result.interruptions.length, 0);
    assert.equal(result.finalOutput, 'AutoModel finished.');
    model.assertComplete();
  });
});

describe('SDK examples: customer service', () => {
  interface AirlineContext {
    passengerName?: string;
    confirmationNumber?: string;
    seatNumber?: string;
    flightNumber?: string;
  }

  function airline() {
    const faqLookup = tool({
      name: 'faq_lookup_tool',
      description: 'Look up frequently asked questions.',
      parameters: z.object({ question: z.string() }),
      execute: async ({ question }) =>
        question.toLowerCase().includes('bag') ? 'One bag under 50 pounds.' : "I don't know.",
    });
    const updateSeat = tool({
      name: 'update_seat',
      description: 'Change the seat on a flight.',
      parameters: z.object({ confirmationNumber: z.string(), seatNumber: z.string() }),
      execute: async (
        { confirmationNumber, seatNumber },
        runContext?: RunContext<AirlineContext>,
      ) => {
        if (runContext?.context) {
          runContext.context.seatNumber = seatNumber;
          runContext.context.confirmationNumber = confirmationNumber;
        }
        return `Seat ${seatNumber} booked for ${confirmationNumber}`;
      },
    });
    const faqAgent = new Agent<AirlineContext>({
      name: 'FAQ Agent',
      handoffDescription: 'Answers airline questions.',
      tools: [faqLookup],
    });
    const seatAgent = new Agent<AirlineContext>({
      name: 'Seat Booking Agent',
      handoffDescription: 'Changes seats.',
      tools: [updateSeat],
    });
    const triage = Agent.create({
      name: 'Triage Agent',
      handoffDescription: 'Routes requests to a specialist.',
      handoffs: [faqAgent, seatAgent],
    });
    faqAgent.handoffs = [triage];
    seatAgent.handoffs = [triage];
    return { triage };
  }

  test('triage visits every specialist, each calls its tool, and the seat lands in the context', async () => {
    const { triage } = airline();
    const model = auto({ handoffs: 'follow' });
    const context: AirlineContext = {};
    const result = await autoRunner(model).run(triage, 'Can I change my seat?', { context });
    assert.deepEqual(model.generated.map((entry) => `${entry.kind}:${entry.name}`), [
      'handoff:transfer_to_FAQ_Agent',
      'tool:faq_lookup_tool',
      'handoff:transfer_to_Triage_Agent',
      'handoff:transfer_to_Seat_Booking_Agent',
      'tool:update_seat',
    ]);
    const seat = model.generated.find((entry) => entry.name === 'update_seat')?.value as {
      seatNumber: string;
    };
    assert.equal(context.seatNumber, seat.seatNumber);
    assert.equal(result.lastAgent?.name, 'Seat Booking Agent');
    model.assertComplete();
  });

  test('streamed, without handoffs, triage answers itself', async () => {
    const { triage } = airline();
    const model = auto();
    const result = await autoRunner(model).run(triage, 'Hello', { stream: true });
    await result.completed;
    assert.equal(result.finalOutput, 'AutoModel finished.');
    assert.deepEqual(model.firstCall?.request.handoffs.map((h) => h.toolName), [
      'transfer_to_FAQ_Agent',
      'transfer_to_Seat_Booking_Agent',
    ]);
  });
});

describe('SDK examples: financial research', () => {
  const AnalysisSummary = z.object({ summary: z.string().describe('Short summary.') });
  const SearchItem = z.object({ reason: z.string(), query: z.string() });
  const SearchPlan = z.object({ searches: z.array(SearchItem) });
  const Verification = z.object({ verified: z.boolean(), issues: z.string() });
  const Report = z.object({
    short_summary: z.string(),
    markdown_report: z.string(),
    follow_up_questions: z.array(z.string()),
  });

  test('planner, searcher, writer with analyst tools, and verifier', async () => {
    const planner = new Agent({
      name: 'FinancialPlannerAgent',
      model: 'gpt-5.4',
      outputType: SearchPlan,
    });
    const searcher = new Agent({
      name: 'FinancialSearchAgent',
      model: 'gpt-5.4',
      tools: [webSearchTool()],
    });
    const fundamentals = new Agent({
      name: 'FundamentalsAnalystAgent',
      outputType: AnalysisSummary,
    });
    const risk = new Agent({ name: 'RiskAnalystAgent', outputType: AnalysisSummary });
    const summaryOf = async (result: { finalOutput?: unknown }) =>
      String((result.finalOutput as { summary: string }).summary);
    const writer = new Agent({
      name: 'FinancialWriterAgent',
      model: 'gpt-5.4',
      outputType: Report,
      tools: [
        fundamentals.asTool({
          toolName: 'fundamentals_analysis',
          toolDescription: 'Key metrics.',
          customOutputExtractor: summaryOf,
        }),
        risk.asTool({
          toolName: 'risk_analysis',
          toolDescription: 'Red flags.',
          customOutputExtractor: summaryOf,
        }),
      ],
    });
    const verifier = new Agent({
      name: 'VerificationAgent',
      model: 'gpt-5.4',
      outputType: Verification,
    });

    const model = auto({ hostedTools: true });
    const runner = autoRunner(model);
    const plan = await runner.run(planner, 'Analyse Apple');
    assert.ok(SearchPlan.safeParse(plan.finalOutput).success);
    const search = await runner.run(searcher, 'Apple earnings');
    assert.ok(
      search.newItems.some((item) =>
        item.type === 'tool_call_item' &&
        (item.rawItem as { name?: string }).name === 'web_search_call'
      ),
    );
    const report = await runner.run(writer, 'Write the report');
    assert.ok(Report.safeParse(report.finalOutput).success);
    assert.deepEqual(toolNamesCalled(report), ['fundamentals_analysis', 'risk_analysis']);
    const summaries = report.newItems
      .filter((item) => item.type === 'tool_call_output_item')
      .map((item) => item.output);
    assert.equal(summaries.length, 2);
    const verdict = await runner.run(verifier, JSON.stringify(report.finalOutput));
    assert.ok(Verification.safeParse(verdict.finalOutput).success);
    model.assertComplete();
  });
});

describe('SDK examples: research bot', () => {
  test('planner, forced web search, and writer', async () => {
    const SearchItem = z.object({ reason: z.string(), query: z.string() });
    const Plan = z.object({ searches: z.array(SearchItem) });
    const Report = z.object({
      shortSummary: z.string(),
      markdownReport: z.string(),
      followUpQuestions: z.array(z.string()),
    });
    const planner = new Agent({ name: 'PlannerAgent', model: 'gpt-5.4', outputType: Plan });
    const searcher = new Agent({
      name: 'Search agent',
      tools: [webSearchTool()],
      modelSettings: { toolChoice: 'required' },
    });
    const writer = new Agent({ name: 'WriterAgent', model: 'o3-mini', outputType: Report });
    const model = auto({ hostedTools: true });
    const runner = autoRunner(model);
    const plan = (await runner.run(planner, 'Surfing in Portugal')).finalOutput;
    assert.ok(Plan.safeParse(plan).success);
    const summaries = await Promise.all(
      (plan?.searches.length ? plan.searches : [{ query: 'surf', reason: 'default' }]).map(async (
        item,
      ) => String((await runner.run(searcher, `Search term: ${item.query}`)).finalOutput)),
    );
    const report = await runner.run(writer, summaries.join('\n'));
    assert.ok(Report.safeParse(report.finalOutput).success);
  });
});

describe('SDK examples: handoffs', () => {
  test('a tool agent, then a handoff to a Spanish agent through an input filter', async () => {
    const randomNumber = tool({
      name: 'random_number_tool',
      description: 'A random integer from 0 to max.',
      parameters: z.object({ max: z.number().describe('The maximum value.') }),
      execute: async ({ max }) => String(Math.floor(max / 2)),
    });
    const first = new Agent({ name: 'First Assistant', tools: [randomNumber] });
    const spanish = new Agent({ name: 'Spanish Assistant', handoffDescription: 'Speaks Spanish.' });
    const second = new Agent({
      name: 'Second Assistant',
      handoffs: [handoff(spanish, { inputFilter: removeAllTools })],
    });
    const model = auto({ handoffs: 'follow' });
    const runner = autoRunner(model);
    let result = await runner.run(first, 'Hi, my name is Sora.');
    result = await runner.run(first, [...result.history, {
      role: 'user',
      content: 'Random number to 100?',
    }]);
    const max = (model.generated.find((entry) => entry.name === 'random_number_tool')?.value as {
      max: number;
    }).max;
    assert.equal(typeof max, 'number');
    const spoken = await runner.run(second, [...result.history, {
      role: 'user',
      content: '¿Cómo me llamo?',
    }]);
    assert.equal(spoken.lastAgent?.name, 'Spanish Assistant');
    // The input filter removed the tool items before the Spanish agent's call.
    const spanishInput = JSON.stringify(model.lastCall?.request.input);
    assert.ok(!spanishInput.includes('random_number_tool'));
  });

  test('handoffs to agents with their own output types', async () => {
    const first = new Agent({
      name: 'First Assistant',
      outputType: z.object({ first: z.string() }),
    });
    const second = new Agent({
      name: 'Second Assistant',
      outputType: z.object({ second: z.string() }),
    });
    const triage = Agent.create({ name: 'Triage Assistant', handoffs: [first, second] });
    for (
      const [target, key] of [['First Assistant', 'first'], ['Second Assistant', 'second']] as const
    ) {
      const model = auto({ handoffs: [target] });
      const result = await autoRunner(model).run(triage, `This is my ${key} message.`);
      assert.equal(result.lastAgent?.name, target);
      assert.equal(typeof (result.finalOutput as Record<string, unknown>)[key], 'string');
    }
    const none = auto();
    assert.equal((await autoRunner(none).run(triage, 'last')).finalOutput, 'AutoModel finished.');
  });

  test('handoffs enabled by the context', async () => {
    type Preference = 'spanish_only' | 'french_spanish' | 'european';
    type AppContext = { languagePreference: Preference };
    const specialist = (name: string) =>
      new Agent<AppContext>({ name, handoffDescription: `${name} specialist.` });
    const triage = Agent.create({
      name: 'triage_agent',
      handoffs: [
        handoff(specialist('spanish_agent'), {
          toolDescriptionOverride: 'To the Spanish specialist.',
        }),
        handoff(specialist('french_agent'), {
          isEnabled: ({ runContext }) => runContext.context.languagePreference !== 'spanish_only',
        }),
        handoff(specialist('italian_agent'), {
          isEnabled: ({ runContext }) => runContext.context.languagePreference === 'european',
        }),
      ],
    });
    const offered: Record<string, string[]> = {};
    for (const preference of ['spanish_only', 'french_spanish', 'european'] as const) {
      const model = auto({ handoffs: 'follow' });
      const result = await autoRunner(model).run(triage, 'Hola', {
        context: { languagePreference: preference },
      });
      offered[preference] = model.firstCall?.request.handoffs.map((h) => h.toolName) ?? [];
      assert.equal(result.lastAgent?.name, 'spanish_agent');
    }
    assert.deepEqual(offered, {
      spanish_only: ['transfer_to_spanish_agent'],
      french_spanish: ['transfer_to_spanish_agent', 'transfer_to_french_agent'],
      european: [
        'transfer_to_spanish_agent',
        'transfer_to_french_agent',
        'transfer_to_italian_agent',
      ],
    });
  });
});

describe('SDK examples: tools', () => {
  test('a local shell and an editor that need approval', async () => {
    const commands: string[] = [];
    const files = new Map<string, string>();
    const agent = new Agent({
      name: 'Workspace Assistant',
      tools: [
        shellTool({
          needsApproval: true,
          shell: {
            run: async (action) => {
              commands.push(...action.commands);
              return {
                output: action.commands.map(() => ({
                  stdout: 'ok\n',
                  stderr: '',
                  outcome: { type: 'exit' as const, exitCode: 0 },
                })),
              };
            },
          },
        }),
        applyPatchTool({
          needsApproval: true,
          editor: {
            createFile: async (operation) => {
              files.set(operation.path, operation.diff);
            },
            updateFile: async (operation) => {
              files.set(operation.path, operation.diff);
            },
            deleteFile: async (operation) => {
              files.delete(operation.path);
            },
          },
        }),
      ],
    });
    const model = auto({ hostedTools: true, parallelToolCalls: true });
    const runner = autoRunner(model);
    let result = await runner.run(agent, 'Create hello.txt and list the files');
    assert.equal(result.interruptions.length, 2);
    for (const interruption of result.interruptions) result.state.approve(interruption);
    result = await runner.run(agent, result.state);
    assert.equal(result.finalOutput, 'AutoModel finished.');
    assert.deepEqual(commands, ['echo hello']);
    assert.deepEqual([...files.keys()], ['hello.txt']);
  });

  test('hosted tools: code interpreter, file search, image generation, web search', async () => {
    const agent = new Agent({
      name: 'Toolbox',
      modelSettings: { toolChoice: 'required' },
      tools: [
        codeInterpreterTool({ container: { type: 'auto' } }),
        fileSearchTool(['vs_123'], { maxNumResults: 3 }),
        imageGenerationTool({ quality: 'low' }),
        webSearchTool({ searchContextSize: 'low' }),
      ],
    });
    const model = auto({ hostedTools: true });
    const result = await autoRunner(model).run(agent, 'Use every tool');
    const hosted = result.newItems
      .filter((item) => item.type === 'tool_call_item')
      .map((item) => (item.rawItem as { name: string }).name);
    assert.deepEqual(hosted, [
      'code_interpreter_call',
      'file_search_call',
      'image_generation_call',
      'web_search_call',
    ]);
    assert.equal(result.finalOutput, 'AutoModel finished.');
  });
});
