/**
 * Safety triage, run on every message before any engine answers. It recognises situations
 * where a parent must act now and answers with urgent, brief, safe steps; it never names a
 * condition. The patterns look for an event happening (a child choking, drinking bleach), not
 * a topic being discussed ('choking hazards', 'a seizure last year'), so that ordinary
 * questions still get ordinary answers.
 */

export type TriageCategory =
  | 'not-breathing'
  | 'choking'
  | 'unresponsive'
  | 'seizure'
  | 'poisoning'
  | 'swallowed-object'
  | 'allergic-reaction'
  | 'head-injury-vomiting'
  | 'infant-fever'
  | 'self-harm'
  | 'abuse'
  | 'medication-dose';

export interface TriageResult {
  category: TriageCategory;
  /** emergency: call now; crisis: immediate human help; referral: ask a professional. */
  level: 'emergency' | 'crisis' | 'referral';
  answer: string;
  /** Knowledge-base articles worth reading once the child is safe. */
  relatedSlugs: string[];
}

export const EMERGENCY_CALL = 'Call your local emergency number now (911 in the US and Canada, 999 in the UK, 112 in Europe).';

interface Rule {
  category: TriageCategory;
  level: TriageResult['level'];
  /** Any one matching is enough. */
  patterns: RegExp[];
  /** A match is ignored when any of these also match. */
  unless?: RegExp[];
  steps: string[];
  relatedSlugs?: string[];
}

const CHILD = String.raw`(?:baby|babies|newborn|toddler|child|kid|kiddo|son|daughter|boy|girl|lo|ds|dd|old|he|she|they|him|her)`;
const ADULT =
  String.raw`(?:partner|husband|wife|boyfriend|girlfriend|ex|dad|daddy|father|stepdad|step-dad|stepfather|mum|mom|mother|stepmum|stepmom|` +
  String.raw`babysitter|nanny|childminder|sitter|teacher|carer|caregiver|uncle|aunt|auntie|grandad|grandpa|grandma|granny|cousin|neighbour|neighbor|someone|somebody|a man|a woman)`;
// Past or ongoing events only: 'drink', 'eating' alone are how people ask ordinary questions.
const INGEST = String.raw`(?:drank|drunk|swallowed|ate|eaten|chewing|chewed|licked|sucked|got into|had some|has had some|(?:is|was|been) (?:eating|drinking|swallowing|licking|sucking))`;
const POISONS =
  String.raw`(?:bleach|tablets?|pills?|medicine (?:cabinet|cupboard|bag|box)|capsules?|detergent|washing[- ]up liquid|` +
  String.raw`(?:laundry|washing machine|washing|dishwasher) (?:pods?|capsules?|tablets?|liquid|powder)|pods?|liquitabs?|cleaning (?:products?|spray|fluid|liquid)|cleaner|disinfectant|chemicals?|antifreeze|weedkiller|weed killer|` +
  String.raw`slug pellets|rat poison|poison|(?:poisonous|wild|unknown|yew|holly|deadly) (?:berries|plants?|leaves|mushrooms?)|toadstools?|alcohol|vodka|gin|` +
  String.raw`e-?liquid|vape|nicotine|perfume|nail varnish|white spirit|paraffin|lamp oil)`;
const OBJECTS = String.raw`(?:batter(?:y|ies)|magnets?|coins?|buttons?|marbles?|beads?|pins?|screws?|nails?|lego|earrings?|stones?|pieces? of (?:plastic|glass|metal|toy)|small toy|part of a toy)`;
const MEDICINES =
  String.raw`(?:calpol|paracetamol|acetaminophen|tylenol|ibuprofen|nurofen|calprofen|advil|motrin|aspirin|piriton|chlorphenamine|antihistamines?|cetirizine|` +
  String.raw`loratadine|benadryl|zyrtec|claritin|antibiotics?|amoxicillin|penicillin|melatonin|gripe water|infacol|dioralyte|pedialyte|calpol six plus|medicines?|medication|syrup|drops|suppositor(?:y|ies)|steroids?|inhaler|salbutamol|ventolin)`;
const DOSE = String.raw`(?:how much|how many|dose|doses|dosage|dosing|\d+\s*(?:ml|mg|mls)\b|mls?\b|teaspoons?|spoonfuls?|how often|maximum|max|can i give|should i give|safe to give|together|alternate|alternating|double up|top up)`;
const YOUNG_BABY = String.raw`(?:newborn|new born|new-born|(?:[1-9]|1[0-2]) weeks? old|\d{1,2} days? old|[12] months? old|(?:one|two) months? old|under (?:3|three) months)`;
const FEVER =
  String.raw`(?:\bfever\w*|\bhigh (?:temp|temperature)\b|\b(?:a|has a|got a|running a) (?:temp|temperature)\b|\bburning up\b|\bfeels? (?:really |very |so |quite )?hot\b|` +
  String.raw`\b3[89](?:\.\d)?\b|\b10[0-4](?:\.\d)?\b)`;
const HEAD_HIT = String.raw`(?:hit|hits|banged|bangs|bumped|bumps|bump|bang|knocked|knocks|smacked|cracked|landed on|fell on|fall on|hurt|injured)`;
const HEAD_WARNING = String.raw`(?:vomit\w*|throwing up|thrown up|threw up|puking|puked|been sick|being sick|is sick|was sick|sick (?:twice|again|\d+ times|three times)|drowsy|sleepy|dazed|confused|knocked out|unconscious|passed out|blacked out|not making sense|fitting|seizure|clear fluid)`;

const rules: Rule[] = [
  {
    category: 'choking',
    level: 'emergency',
    patterns: [
      new RegExp(String.raw`\b${CHILD}(?:'s| is| was| keeps| started| has started)?\s+chok(?:ing|in|ed)\b`),
      /\bchok(?:ing|in|ed)\s+(?:on|and|help|now|badly|right now)\b/,
      /\b(?:stuck|lodged) in (?:his|her|their|the|my baby's|my son's|my daughter's) (?:throat|windpipe|airway)\b/,
      /\bcan'?t (?:get (?:any )?air|cough or cry|cry or cough)\b/,
    ],
    steps: [
      'If they can cough, cry or talk, encourage them to keep coughing and stay right with them.',
      'If they cannot cough, cry or breathe: for a baby under 1, lay them face down along your forearm or thigh, head lower than the body, and give up to 5 firm back blows between the shoulder blades; then up to 5 chest thrusts with two fingers in the centre of the chest.',
      'For a child over 1, give up to 5 back blows, then up to 5 abdominal thrusts (quick inward and upward pulls just above the belly button).',
      "Don't sweep blindly in their mouth; only remove an object you can clearly see and easily reach.",
      'If they become unresponsive, start CPR and follow the call handler\'s instructions.',
    ],
  },
  {
    category: 'allergic-reaction',
    level: 'emergency',
    patterns: [
      /\b(?:face|lips?|tongue|throat|mouth|eyes?|eyelids?)\b(?:\W+\w+){0,3}?\W+(?:swell\w*|swollen|puff\w*)/,
      /\bswell\w*\s+(?:of|in|on)\s+(?:his|her|their|the)\s+(?:face|lips?|tongue|throat|mouth)\b/,
      /\banaphyla\w*\b/,
      /\b(?:epi-?pen|auto-?injector|adrenaline pen|jext|emerade)\b(?=.*\b(?:use|give|now|swell\w*|breath\w*|wheez\w*|reaction)\b)|\b(?:use|give)\b.*\b(?:epi-?pen|auto-?injector|adrenaline)\b/,
      /\ballergic reaction\b(?=.*\b(?:wheez\w*|breath\w*|swell\w*|swollen|hives|floppy|pale|collaps\w*|throat|vomit\w*)\b)/,
    ],
    steps: [
      'If they have an adrenaline auto-injector (such as an EpiPen), use it now, into the outer thigh, as you were shown.',
      'Lie them down with their legs raised; if breathing is hard, let them sit up instead. Do not let them stand or walk.',
      'If they are no better after 5 minutes and there is a second auto-injector, use it.',
      'Stay with them, and tell the call handler what they ate or touched.',
    ],
  },
  {
    category: 'seizure',
    level: 'emergency',
    patterns: [
      /\b(?:having|is having|just had|started having) (?:a |another )?(?:seizure|fit|convulsion)s?\b/,
      /\b(?:seizing|convulsing|having convulsions)\b|\b(?:is|he's|she's|they're|started|keeps|been) fitting\b|\bfitting (?:and|again|now|for)\b/,
      /\beyes (?:are |keep )?rolling\b/,
      /\bshaking all over\b/,
      /\b(?:jerking|twitching) (?:and|all over|uncontrollably|and won't stop)\b|\bwon't stop (?:jerking|shaking|twitching)\b/,
    ],
    steps: [
      'Stay with them and note the time it started.',
      'Move anything hard or sharp away, and put something soft under their head if you can.',
      "Don't hold them down, and don't put anything in their mouth.",
      'When the jerking stops, roll them onto their side and check they are breathing.',
    ],
  },
  {
    category: 'poisoning',
    level: 'emergency',
    patterns: [
      new RegExp(String.raw`\b${INGEST}\b(?:\W+[\w'-]+){0,6}?\W+${POISONS}\b`),
      /\b(?:overdose\w*|double dose|too much (?:calpol|paracetamol|ibuprofen|nurofen|medicine|medication|tylenol))\b/,
      /\b(?:drank|swallowed|ate|finished|emptied) (?:a |the )?(?:whole|entire|half (?:a|the)) (?:bottle|packet|box|pack|tube)\b/,
      /\b(?:think|might|may|could|has been|was|got) (?:have |be |been )?poisoned\b/,
    ],
    unless: [/\bpretend\w*\b/],
    steps: [
      'If they are drowsy, fitting, or struggling to breathe, tell the call handler straight away. In the US you can also call Poison Help on 1-800-222-1222.',
      "Take anything left out of their mouth. Don't try to make them sick, and don't give food or drink unless you are told to.",
      'If a chemical is on their skin or in their eyes, rinse it with lots of lukewarm water.',
      'Keep the packet or bottle with you, so you can say exactly what it was and how much may be gone.',
    ],
  },
  {
    category: 'swallowed-object',
    level: 'emergency',
    patterns: [
      new RegExp(String.raw`\b${INGEST}\b(?:\W+[\w'-]+){0,5}?\W+${OBJECTS}\b`),
      new RegExp(String.raw`\b${OBJECTS}\b(?:\W+\w+){0,4}?\W+(?:swallowed|stuck in (?:his|her|their) (?:nose|ear|throat))\b`),
    ],
    steps: [
      'Button batteries and magnets can cause serious harm within hours, even when a child seems fine: go to the nearest emergency department now.',
      "Don't try to make them sick, and don't give food or drink.",
      'If they are coughing hard, drooling, or struggling to breathe or swallow, tell the call handler; if they cannot breathe, treat it as choking.',
      'Take the packet or a matching item with you if you can.',
    ],
  },
  {
    category: 'head-injury-vomiting',
    level: 'emergency',
    patterns: [
      new RegExp(String.raw`\b${HEAD_HIT}\b(?:\W+\w+){0,3}?\W+(?:head|forehead)\b.*\b${HEAD_WARNING}`),
      new RegExp(String.raw`\bhead (?:injury|injuries|bump)\b.*\b${HEAD_WARNING}`),
      new RegExp(String.raw`\b${HEAD_WARNING}.*\b(?:after|since) (?:he |she |they )?(?:hit|banged|bumped|knocked|fell)\b`),
    ],
    steps: [
      'Keep them still and calm, and stay with them.',
      'If they are drowsy but breathing, lie them on their side; do not leave them alone.',
      "Don't give food, drink or medicines until a doctor has seen them.",
      'Tell the call handler how they fell and how many times they have been sick.',
    ],
    relatedSlugs: ['bumps-and-falls'],
  },
  {
    category: 'unresponsive',
    level: 'emergency',
    patterns: [
      /\b(?:won't|can't|cannot|will not|doesn't|isn't) (?:wake|waking|be woken)\b(?!.*\bnaps?\b)/,
      /\bcan't wake (?:him|her|them|my|the)\b/,
      /\b(?:is|gone|went|going|really|very|feels|seems|all|and) (?:floppy|limp)\b|\b(?:floppy|limp) and\b/,
      /\b(?:unresponsive|unconscious|passed out|collapsed|fainted|blacked out|lifeless)\b(?! (?:in|into|with) (?:giggles|laughter|laughing|tears))/,
      /\b(?:not|isn't|stopped) (?:responding|answering|reacting|moving)\b(?! to (?:his|her|their) name)/,
    ],
    steps: [
      'Check whether they are breathing: look for the chest moving, and listen and feel for breath at their mouth.',
      'If they are breathing, lie them on their side with the head tilted back slightly, and stay with them.',
      'If they are not breathing, start CPR and follow the call handler\'s instructions.',
    ],
  },
  {
    category: 'not-breathing',
    level: 'emergency',
    patterns: [
      /\b(?:not|isn't|stopped|stops|can't|cannot|struggling to|struggles to|fighting to|trouble|difficulty|hard to) (?:properly |really )?breath\w*/,
      /\b(?:doesn't|does not) (?:seem to be )?breath\w*|\bno (?:breath|breathing)\b/,
      /\b(?:turning|going|gone|turned) (?:blue|grey|gray)\b/,
      /\blips? (?:are |is )?(?:going |turning )?(?:blue|grey|gray)\b|\bblue lips\b/,
      /\bgasping\b/,
    ],
    steps: [
      'Put the phone on speaker and stay with your child.',
      'Lay them on their back on a firm surface and look in their mouth; remove anything you can clearly see.',
      'If they are not breathing normally, the call handler will talk you through rescue breaths and CPR: follow their instructions until help arrives.',
    ],
  },
  {
    category: 'infant-fever',
    level: 'emergency',
    patterns: [
      new RegExp(String.raw`\b${YOUNG_BABY}\b.*${FEVER}|${FEVER}.*\b${YOUNG_BABY}\b`),
    ],
    steps: [
      'A baby under 3 months with a temperature of 38°C (100.4°F) or more needs to be seen by a doctor urgently, even if they seem well.',
      'Keep offering feeds, and dress them in light layers.',
      "Don't give fever medicine unless a doctor has told you to, and don't cool them with cold water.",
    ],
    relatedSlugs: ['fever-in-children'],
  },
  {
    category: 'self-harm',
    level: 'crisis',
    patterns: [
      /\b(?:kill|killing|hurt|hurting|harm|harming|cut|cutting|starve|starving) myself\b/,
      /\bsuicid\w*\b|\bself[- ]harm\w*\b/,
      /\b(?:want(?:ed)? to|going to|gonna|i'll|i will|i could|ready to|thinking (?:of|about)) end(?:ing)? (?:it|it all|my life|everything)\b(?! (?:with|for|by|early|sooner))/,
      /\bend (?:it all|my life)\b/,
      /\bbetter off without me\b|\bno reason to (?:live|go on)\b|\bdon't want to (?:be alive|live|be here anymore|wake up)\b|\bcan't go on (?:living|anymore|any more)\b/,
      new RegExp(
        String.raw`\b(?:thoughts? (?:of|about)|thinking (?:of|about)|i (?:want|wanted) to|urge to|(?:scared|afraid|worried) i(?:'ll| will| might)|i (?:might|could|will|'ll|'m going to|am going to)|i feel like) ` +
          String.raw`(?:hurting|harming|killing|kill|hurt|harm|shaking|shake|smother\w*) (?:my (?:baby|son|daughter|child|kids?|toddler)|him|her|them|the baby)\b`,
      ),
      new RegExp(String.raw`\b${CHILD} (?:says|said|talks about|keeps saying|tried|has tried|wants|is trying) (?:(?:he|she|they) )?(?:wants? )?to (?:kill|hurt|harm) (?:himself|herself|themselves)\b|\b${CHILD} (?:says|said|keeps saying) (?:(?:he|she|they) )?wants? to die\b`),
    ],
    steps: [
      'You can talk to someone right now: in the US call or text 988; in the UK and Ireland call Samaritans on 116 123, free, day or night. Elsewhere, your local emergency number can put you through.',
      'If you can, tell someone you trust how you are feeling and ask them to be with you.',
      "If your child is with you and you feel you can't keep them safe, put them somewhere safe, like their cot, and call for help.",
      'These feelings can get better with support. Your GP or doctor can help too, once you are safe.',
    ],
    relatedSlugs: ['low-mood-after-baby', 'parental-burnout'],
  },
  {
    category: 'abuse',
    level: 'crisis',
    patterns: [
      new RegExp(
        String.raw`\b${ADULT}(?:'s)? (?:(?:is|was|has|keeps|often|always|sometimes|then|just|also|been|had|used to|would|will|has been|started) )*` +
          String.raw`(?:hits|hit|hitting|beats|beat|beating|shakes|shook|shaking|kicks|kicked|kicking|punch\w*|slap\w*|strangl\w*|chok(?:es|ed|ing)|burn(?:s|ed|t)|hurts|hurting|hurt|abus\w*|threaten\w*|smack\w*)\b(?! (?:the roof|a nerve|the ceiling))`,
      ),
      /\b(?:being|been|was|is) (?:abused|molested|beaten)\b|\b(?:sexual|physical|domestic|child) abuse\b|\bdomestic violence\b|\btouched (?:him|her|them|my \w+) inappropriately\b|\binappropriate(?:ly)? touch\w*\b/,
      new RegExp(String.raw`\b(?:scared|afraid|frightened|terrified) of (?:my|his|her|their|the) ${ADULT}\b(?=.*\b(?:bruises?|hurt\w*|hits?|hitting|shouts?|violent|angry)\b)`),
      /\bnot safe at home\b/,
    ],
    steps: [
      'If you can, get yourself and your children to a safe place.',
      'You can talk in confidence: in the US, the Childhelp hotline 1-800-422-4453 or the National Domestic Violence Hotline 1-800-799-7233; in the UK, the NSPCC on 0808 800 5000 or the National Domestic Abuse Helpline on 0808 2000 247.',
      'If a child is hurt, have a doctor check them and tell the doctor what happened.',
      'Write down what you saw and when, and keep it somewhere safe.',
    ],
  },
  {
    category: 'medication-dose',
    level: 'referral',
    patterns: [
      new RegExp(String.raw`\b${DOSE}\b.*\b${MEDICINES}\b`),
      new RegExp(String.raw`\b${MEDICINES}\b.*\b${DOSE}`),
    ],
    steps: [],
    relatedSlugs: ['fever-in-children'],
  },
];

const MEDICATION_ANSWER = [
  "I can't advise on medicine doses: the right amount depends on your child's exact age and weight and on the strength of the medicine you have.",
  'Please ask a pharmacist or your doctor. A pharmacist can usually answer straight away, without an appointment.',
  '- Use the syringe or spoon that comes with the medicine, and follow the instructions on the packet for your child\'s age.',
  "- Don't give two medicines that contain the same ingredient.",
  '- If you think your child has had too much, call your local emergency number or poison control now.',
].join('\n');

function answerFor(rule: Rule): string {
  if (rule.level === 'referral') return MEDICATION_ANSWER;
  if (rule.category === 'self-harm') {
    return [
      "I'm really sorry you're going through this. You matter, and you don't have to face it alone.",
      `If you or your child might be in danger, ${EMERGENCY_CALL.charAt(0).toLowerCase()}${EMERGENCY_CALL.slice(1)}`,
      ...rule.steps.map((step) => `- ${step}`),
    ].join('\n');
  }
  if (rule.category === 'abuse') {
    return [`If anyone is in danger right now, ${EMERGENCY_CALL.charAt(0).toLowerCase()}${EMERGENCY_CALL.slice(1)}`, ...rule.steps.map((step) => `- ${step}`)].join('\n');
  }
  return [EMERGENCY_CALL, 'While you wait for help:', ...rule.steps.map((step) => `- ${step}`)].join('\n');
}

/** Normalises the ways parents type in a hurry: case, curly quotes, missing apostrophes. */
function normalise(message: string): string {
  return message
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/\b(won|don|can|isn|doesn|didn|hasn|haven|wouldn|couldn|aren|wasn|weren)t\b/g, "$1't")
    .replace(/\b(he|she|it|they)s\b/g, "$1's")
    .replace(/\b(\d+)\s*(?:wk|wks|weeks?)\b(?:\s*old)?/g, '$1 week old')
    .replace(/\b(\d+)\s*(?:mo|mths?|months?)\b(?:\s*old)?/g, '$1 month old')
    .replace(/\b(\d+)\s*(?:d|days?)\b(?:\s*old)?/g, '$1 day old')
    .replace(/\s+/g, ' ');
}

/** The urgent situation a message describes, or null when there is none. */
export function triage(message: string): TriageResult | null {
  const text = normalise(message);
  for (const rule of rules) {
    if (!rule.patterns.some((pattern) => pattern.test(text))) continue;
    if (rule.unless?.some((pattern) => pattern.test(text))) continue;
    return { category: rule.category, level: rule.level, answer: answerFor(rule), relatedSlugs: rule.relatedSlugs ?? [] };
  }
  return null;
}
