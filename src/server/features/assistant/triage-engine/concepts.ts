/**
 * The cue vocabulary of the triage, grouped into concepts: an event (swallowed, fell, went
 * under), what was involved (bleach, a battery, boiling water), the signs a paediatric
 * first-aid course teaches to act on (not breathing, floppy, blisters, a rash that does not
 * fade), and the frames that make a mention ordinary (a question about prevention, something
 * last year, a friend's child, a joke). Words are lemmas or stems, so each concept names an
 * idea once rather than every way of writing it; see matching.ts for the phrase syntax.
 *
 * The lists come from first-aid guidance (NHS, St John Ambulance and Red Cross paediatric
 * first aid) and everyday English, not from the evaluation messages: a miss on the held-out set
 * is fixed by how cues combine, never by adding its words here.
 */

const macros: Record<string, string> = {
  neg: "not|no|never|cannot|without|nothing|n't",
  adult:
    'partner|husband|wife|boyfriend|girlfriend|ex|dad|daddy|father|stepdad|stepfather|mum|mom|mam|mammy|mummy|mommy|mother|stepmum|stepmom|stepmother|' +
    'babysitter|nanny|childminder|sitter|teacher|coach|carer|caregiver|uncle|aunt|auntie|grandad|grandpa|grandma|granny|grandfather|grandmother|' +
    'neighbour|neighbor|man|woman|someone|somebody|lodger|stranger|adult|adults|grownup|grownups|' +
    // Forum shorthand for partners, as 'dd' and 'ds' are for children: boyfriend, girlfriend, dear husband, dear partner, ex-husband, ex-partner.
    'bf|gf|dh|dp|exh|exp',
  kid: 'child|children|kid|kids|baby|babies|toddler|toddlers|son|daughter|boy|girl|lo|dd|ds|infant|newborn|one|him|her|them',
  body: 'lip|lips|face|mouth|tongue|skin|finger|fingers|cheek|cheeks',
  victim: 'him|her|them|me|us|baby|babies|son|daughter|child|children|kid|kids|toddler|boy|girl|lo|dd|ds|sister|brother',
  blue: 'blue|grey|gray|purple|bluish|greyish|grayish|purplish|dusky|ashen',
  medicine:
    'medicine|medicines|medication|medications|meds|dose|doses|dosage|syrup|tablet|tablets|pill|pills|capsule|capsules|drops|paracetamol|calpol|' +
    'ibuprofen|nurofen|calprofen|tylenol|acetaminophen|motrin|advil|aspirin|piriton|chlorphenamine|antihistamine|antihistamines|cetirizine|loratadine|' +
    'benadryl|zyrtec|claritin|antibiotic|antibiotics|amoxicillin|penicillin|melatonin|antidepressant|antidepressants|iron|vitamin|vitamins|insulin|' +
    'steroid|steroids|inhaler|salbutamol|ventolin|ritalin|methylphenidate|painkiller|painkillers|sedative|sedatives|suppository|suppositories|' +
    'codeine|tramadol|morphine|oxycodone|opioid|opioids|opiate|opiates|methadone|diazepam|valium|sertraline|fluoxetine|citalopram|amitriptyline|' +
    'propranolol|amlodipine|lithium|clonidine|metformin|gliclazide|contraceptive|prescription',
  water: 'bath|bathtub|tub|pool|pond|lake|river|sea|beach|canal|water|paddling|swimming|jacuzzi|bucket|toilet|stream|reservoir|ocean|waves|swim|ice',
  hot: 'hot|boiling|scalding|steaming',
  food: 'food|grape|grapes|sausage|apple|carrot|sweet|sweets|candy|lolly|popcorn|nut|nuts|bread|meat|chunk|piece|balloon|marble|coin|toy|crisp|crisps|cheese|biscuit',
  count: '1*|2*|3*|4*|5*|6*|7*|8*|9*|one|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty|thirty|few|several|couple|a',
};

/** Foods and small things a child breathes in, not only swallows. */
const INHALABLE = '@food|peanut|peanuts|cashew|cashews|almond|almonds|pea|peas|seed|seeds|bead|beads|button|lego';

/** Parts of the body a split or a gash is in. */
const WOUND_SITES =
  'head|forehead|scalp|eyebrow|brow|chin|lip|lips|cheek|face|nose|ear|knee|leg|arm|forearm|hand|palm|finger|thumb|foot|toe|elbow|shin|thigh|wrist';

/** Ways of hurting a body, whoever does it: with 'herself' or her own arm and an intent, self-harm by a means other than cutting. */
const INJURE =
  'burn|burns|burnt|burned|burning|scald*|cut|cuts|cutting|hit|hits|hitting|punch*|slap*|scratch*|bite|bites|biting|bit|bitten|stab*|pierc*|' +
  'bruis*|pinch*|hurt|hurts|hurting|injur*|starv*|strangl*|carv*|gouge*|scrap*|brand*|whip*|beat|beats|beating|beaten';

/** Many tablets taken: the amount nouns matching.ts reads as amounts, then any medicine. */
const MANY_TAKEN = 'take|took|taking|taken|swallow* lot|lots|load|loads|handful|bunch @medicine';

const NAMED_EMERGENCY = 'suicid*|seizure|seizures|epilepsy|choking|drowning|burns|poison|poisons|allergy|allergies|anaphylaxis|meningitis|abuse|overdose';
const PROGRAMME =
  'awareness|prevention|education|safety|diary|diaries|log|plan|plans|nurse|nurses|clinic|team|service|services|talk|talks|lesson|lessons|' +
  'course|courses|class|classes|training|workshop|assembly|leaflet|leaflets|charity|helpline|app|policy|book|books|specialist';

/** Things made or measured against an emergency. */
const PRODUCT =
  'size|sized|sizes|hazard|hazards|risk|risks|device|devices|gadget|gadgets|vest|vests|alarm|alarms|monitor|monitors|mat|mats|guard|guards|' +
  'tester|testers|cover|covers|gate|gates|proof|kit|kits|blanket|blankets|gel|cream|spray|product|products';

/** Devices and programs, which may freeze or stop responding. */
const DEVICE = 'app|apps|application|phone|screen|touchscreen|computer|laptop|ipad|website|site|tracker|monitor|device|program|console|tv|telly|browser|router|wifi|system|game|controller';

function expand(phrase: string): string {
  return phrase.replace(/@(\w+)/g, (_, name: string) => {
    const words = macros[name];
    if (!words) throw new Error(`Unknown cue macro @${name}`);
    return words;
  });
}

/**
 * Verbs of two things meeting hard, as a knock to the head is told when it is a collision rather than
 * a blow or a fall: heads that clash or collide, a forehead bashed, smashed or bonked on something
 * (round 19: "clashed heads with her cousin" was no knock, so the head-injury rule could not hold).
 */
const COLLISION = 'clash*|collid*|bash*|bonk*|conk*|clonk*|clunk*|wallop*|thwack*|smash*|butted|butting';

/** Verbs of throwing, as harm done with a thing thrown at someone is told (round 22 addendum). */
const THROW = 'throw|throws|throwing|threw|thrown|chuck*|hurl*|fling|flings|flinging|flung|lob|lobs|lobbed|pelt*';
/** What is thrown in play, or thrown only as a figure of speech: no harm done with it. */
const THROWN_IN_PLAY =
  'ball|balls|frisbee|frisbees|pillow|pillows|cushion|cushions|snowball|snowballs|beanbag|beanbags|toy|toys|teddy|balloon|balloons|bubbles|' +
  'confetti|water|party|parties|tantrum|tantrums|wobbly|strop|fit|look|looks|glance|glances|kiss|kisses|smile|wink|question|questions|idea|ideas|sweet|sweets';
/** Whom a thing thrown or broken harms: the writer, a child, a sibling, or their head or face. */
const HARMED = 'me|him|her|them|us|@kid|brother|brothers|sister|sisters|head|face|eye|eyes';
/** Blows that are told with what they were given with ("struck me with", "whacked him with"); 'struck' alone may be "struck me as odd". */
const STRIKE = 'hit|hits|hitting|struck|strike|strikes|striking|whack*|thump*|bash*|batter*|clout*|wallop*|whip*|thrash*|lash*|belt*|beat|beats|beating|pelt*';
/** Where being pushed or thrown is play or a soft landing, not harm done with a thing. */
const SOFT_LANDING =
  '@water|air|bed|beds|sofa|couch|settee|cushion|cushions|pillow|pillows|snow|leaves|sand|trampoline|ballpit|slide|slides|hill|hills|swing|swings|' +
  'doing|going|trying|joining|taking|it|this|that';

const raw = {
  // ---- Signs that something is badly wrong, whatever happened -------------------------
  notBreathing: [
    '@neg breathe|breath|breathing|breaths|pulse|heartbeat',
    'stop|stopped|stops|stopping breathe|breathing|breath',
    'breathing|breath|heart|heartbeat|pulse stop*|gone',
    '@neg catch breath',
    '@neg rise|rising|moving and|or fall|falling',
    'breath|breaths|breathing slow|shallow|irregular|weak|wrong',
    'slow|shallow|irregular breath|breaths|breathing',
    'turn*|go|goes|going|gone|went funny|strange|odd|weird|wrong|bad colour|color',
    'turn*|goes|going|gone|went @blue',
    'struggl*|fight*|labour*|laboring|battl*|trouble|difficulty|difficult|hard|hardly|barely|unable breathe|breath|breathing|air',
    '@neg get breath|air|breathe',
    'gasp*',
    'turn*|go|goes|going|gone|went|look|looks|looking|@body @blue',
    '@blue @body',
    // Lips darken as they lose oxygen; 'dark' alone is too common a word (dark skin, dark circles) to join @blue.
    'lip|lips go|goes|going|gone|went|turn*|look|looks|looking dark|darker|black',
    'face|lips|skin chang* colour|color',
    'chest|ribs|neck|tummy|throat suck*|pull*|draw* in',
    'nostril* flar*',
    'flar* nostril*',
    '~pause*|gap* breath*',
    'chest @neg mov*|ris*',
  ],
  /** The signs of a severe asthma attack that call for an ambulance: the reliever not helping, too breathless to talk. */
  asthmaSevere: [
    'inhaler|puffs|puffer|reliever|ventolin|salbutamol @neg work*|help*|helping|working|touch*',
    // A reliever that changes nothing is the ambulance sign, however it is said (round 25).
    'inhaler|puffs|puffer|reliever|ventolin|salbutamol make*|made no|little difference|dent',
    'inhaler|puffs|puffer|reliever|ventolin|salbutamol do|doing|does|did nothing',
    'too breathless',
  ],
  asthma: ['asthma|asthmatic|wheez*|inhaler|puffer|breathless'],
  breathlessSpeech: [
    '@neg speak|talk|finish|say sentence|sentences|words',
    // Speech broken by breathing: a word or two at a time, between breaths (round 25: held by the model alone).
    'word|words between breath|breaths',
    'word|words or two',
    'word|words at time',
    'more than word|words',
  ],
  /** Lips an odd colour, short of the blue notBreathing reads: beside a wheeze, too little oxygen (round 25). */
  lipColour: [
    // A colour told as a tinge or a tint on the lips or the mouth ("a blue tinge on his lips"; round 28), which counts beside asthma.
    '@blue tinge|tint|colour|color|shade|hue|cast lip|lips|mouth',
    'lip|lips funny|strange|odd|weird|grey|greyish|dusky|wrong colour|color',
    'lip|lips look|looks|looking|gone|going|turn*|are odd|funny|strange|weird|grey|greyish|dusky',
  ],
  choking: ['chok*'],
  /** A cough or wheeze that will not stop: with a food children breathe in, while eating it, the airway, not a cold. */
  eating: ['eat|eating|ate|eaten|chew*|suck*|swallow*|mouthful|bite|bit|snack*'],
  persistentCough: ['@neg stop cough*|coughing|choking|gagging|wheez*|spluttering', 'cough*|wheez* nonstop|constantly|continuously', 'cough*|wheez* non stop'],
  /** Something going into the airway rather than the gullet, and the signs that it has. */
  intoAirway: [
    'went|gone|goes|go|slipped|stuck down throat|windpipe|airway',
    'down wrong way|hole',
    // A food or a small thing breathed in (round 24: "breathed in a peanut" was an allergen with a wheeze).
    `breath*|breathe|breathed|breathes +in ${INHALABLE}`,
    `inhale|inhaling|inhalation ${INHALABLE}`,
  ],
  /** A high noise on breathing in (stridor), the sign of an airway partly blocked: with something in the mouth, choking. */
  stridor: ['stridor', 'squeak*|squeaky|whistl*|crow* noise|noises|sound|sounds|breath|breaths|breathing'],
  airwaySign: ['cough*|gag*|wheez*|splutter*|retch*|chok*', 'struggl*|fight* breath*|breathe|air'],
  stuckInThroat: ['stuck|lodged|caught|something|food|piece|bit throat|windpipe|airway|gullet', 'grab*|clutch*|point*|hold*|hand|hands throat|neck'],
  silent: ['@neg cough*|cry|crying|cries|breathe|breath|sound|noise', 'silent', 'make|makes|making no sound|noise', '@neg make|making sound|noise', 'can not talk|speak|say'],
  inMouth: [
    'eat|eating|ate|chew*|suck*|swallow*|mouthful|mouth|bite|bit',
    '@food',
    'hot dog',
  ],
  /** Something a child can breathe in: with a breathing sign, the steps for choking fit. */
  inhaled: ['@food', 'hot dog', 'inhale|inhaling|inhalation'],
  backBlows: ['back blows|blow|slaps|thrusts', 'heimlich'],
  gagging: ['gag*|retch*'],
  unresponsive: [
    'unresponsive|unconscious|lifeless|unrousable',
    '@neg wake|waking|woken|rouse|rousing|respond*|react*|answer*|move|moving',
    '@neg come round|around|to',
    '@neg open eyes',
    'eyes @neg open*',
    // A response that has ceased: 'stopped responding', 'no longer reacting'.
    'stop*|stopped respond*|react*',
    'no longer respond*|react*',
    '@neg stay awake',
    'barely|hardly react*|respond*|mov*|wake|rouse|rousable',
    'hard|difficult|impossible wake|rouse',
    'floppy|limp|ragdoll',
    'rag doll',
    'collaps*|fainted|fainting|faints',
    'pass*|black* out',
    'drop*|slump*|fell to floor|ground',
  ],
  /** No response to voice or pain, the checks a first-aid course teaches: a sleeping child wakes to them. */
  noResponse: ['pinch*|shook|shake|shaking|rub*|splash* @kid and|but nothing|no'],
  seizure: ['seizure|seizures|seizing|seize|convuls*|epileptic', 'eyes to|on one side', 'be|been|keep|keeps|started|still fitting', 'have|having|had|this|another|into fit|fits', 'eyes roll*', 'eyes go|went|gone|going|turn*|rolled up|back', 'foam* mouth', 'eyes flicker*'],
  jerking: ['jerk*|twitch*|spasm*|shak*|trembl*|stiff*|rigid|fitting|fitted|convuls*|seizing'],
  /** How long something has gone on: a sign that lasts minutes is a danger sign on its own. */
  lasting: [
    'for|over|about|nearly|almost|past|than|around @count second|seconds|secs|minute|minutes|mins|min|hour|hours',
    'start*|began|begun|since @count second|seconds|secs|minute|minutes|mins|min|hour|hours',
  ],
  /** Fits that come again and again, or one after another without recovery between: each short one is still a danger sign. */
  recurring: [
    'second|third|fourth|another|3|4|5|three|four|five|several|multiple one|episode|episodes|fit|fits|spell|spells minutes|mins|hour|hours|now|today|tonight|morning|afternoon|evening',
    'one after another|other',
    'back to back',
    'in between',
  ],
  jerkingPattern: ['all over', 'whole body', 'rhythmic*', 'uncontrollab*', 'arm|arms|leg|legs|side|face', 'rigid|stiff', '@neg stop*'],

  // ---- Poisoning, medicines and swallowed objects ----------------------------------------
  ingest: [
    'swallow*|drank|drink|drinking|drunk|ate|eat|eaten|eating|chew*|lick*|suck*|sip*|gulp*|swig*|taste*|tasting|nibbl*',
    'bite|bit|bitten into',
    'had|took some|few|handful|mouthful|lot|lots|load|loads|bunch',
    'put|puts|putting mouth',
    'got into|at',
    // Poisons are breathed in and injected as well as swallowed.
    'sniff*|inhale|inhaling|inhalation|huff*',
    'inject*|jab*|jabbed himself|herself|themselves',
  ],
  access: [
    'found|find @kid with|chewing|holding|eating|drinking|playing|sucking',
    'open|opened|empty|emptied|empties|half bottle|packet|pack|box|tub|container|sachet|lid|tube|blister',
    'missing',
    'got|get|gets|getting hold of',
    'some|few|half|all|1|2|3|4|5|6|7|8|9|10|two|three|four|five|six gone|missing',
    'smell*|smelt|taste* of|like',
    'round|around|on|in mouth|lips',
    'foam*|froth*',
  ],
  pressGlass: ['press*|pressed|glass|tumbler|squash*'],
  // A relative by marriage ('brother in law', 'in-laws') is an adult, whoever the kin word alone may be (round 30).
  adult: ['@adult', 'next door', 'in law|laws'],
  substance: [
    '@medicine',
    'bleach|detergent|disinfectant|dettol|cleaner|cleaners|cleaning|limescale|descaler|polish|softener|antifreeze|screenwash|weedkiller|pesticide|insecticide|fertiliser|fertilizer',
    // A household product by the form it comes in: 'dishwasher gel', 'laundry spray'.
    'dishwasher|laundry|washing|bleach|toilet|oven|floor|bathroom|kitchen tablet|tablets|pod|pods|capsule|capsules|liquid|powder|gel|spray|salt|rinse|cleaner|sheets|block|blocks',
    'pod|pods|liquitab|liquitabs',
    'washing up liquid',
    'white spirit|spirits',
    'turps|turpentine|paraffin|petrol|diesel|kerosene|lighter|acetone|solvent|glue|varnish|remover',
    'e liquid',
    'essential|lamp|tea|eucalyptus oil',
    'slug pellets',
    'rat|mouse poison|bait|pellets',
    'poison|poisons|poisonous|toxic|chemical|chemicals|caustic|corrosive',
    'battery|drain|toilet|descaling|hydrochloric|sulphuric|sulfuric acid',
    'sleeping pill|pills|tablets',
    'perfume|aftershave|mouthwash|sanitiser|sanitizer|shampoo|dye',
    'alcohol|wine|beer|vodka|gin|whisky|whiskey|rum|cider|prosecco|champagne|spirit|cocktail|liqueur',
    'vape|vapes|vaping|nicotine|cigarette|cigarettes|tobacco|cannabis|weed|edible|edibles|gummies|drugs',
    'berry|berries|mushroom*|toadstool*|fung*|leaf|leaves|plant|plants|bulb|bulbs|foxglove|yew|holly|ivy|laburnum|nightshade|daffodil',
  ],
  /** Where household chemicals and medicines are kept: a child who got into one has had access to them. */
  poisonStore: ['under sink', 'medicine|bathroom|cleaning cabinet|cupboard|box|drawer|bag', 'handbag|purse|washbag'],
  // An asthma reliever is the child's own treatment, a device, not a poison to swallow (round 28: an inhaler left at nursery read as a poison).
  ownMedicine: ['his|her|their @medicine', 'inhaler|inhalers|puffer|puffers|spacer'],
  /** Poisoned, said of a person ("she's been poisoned", "I think he was poisoned"), not of a thing ("the apple is poisoned" in a fairy tale). */
  poisoned: ['@kid|he|she|they|i|we|someone|somebody been|got|was|were|is|are|be poisoned', 'think|maybe|possibly|probably poisoned', 'poisoned himself|herself|themselves'],
  medicationError: [
    'double dose|doses',
    'two|three|four|five|six|seven|eight|several|extra|many|multiple|2|3|4|5|6|7|8 dose|doses',
    'every 1|2|one|two|hour',
    'six|6|seven|7|twelve|12 plus',
    'too young',
    'only @count week|weeks|month|months',
    'thinking|thought it was',
    'meant|supposed to give',
    'found|turns|turned out',
    'realis*|realiz*',
    'my|mine|our sleeping|prescription|prescribed',
    // The adult's own tablets, given to the child.
    'my|our own',
    'i prescribed',
    'prescribed me',
    'prescribed for me',
    'twice|thrice',
    'two|three|four|2|3|4 times',
    'too much|many|strong',
    'overdos*',
    'wrong medicine|medication|dose|amount|bottle|spoon|syringe|strength|tablet|tablets|one|stuff|drops',
    'mistake|mistakenly|accident*|mix*|confus*',
    'adult|adults|grown',
    'instead of',
    'times more|higher|stronger',
    'whole syringe|bottle|spoon|packet',
    'lost track',
    '@neg know*|knowing|realis*|realiz*|check*',
  ],
  medicine: ['@medicine', 'syringe|spoon|ml|mls|mg|puffs'],
  /** An error that names the dose itself, so no medicine need be named beside it. */
  wrongDose: ['wrong|double|extra dose|doses', 'overdos*'],
  /**
   * A kitchen or table spoon, which holds about three times the 5 ml a medicine spoon or syringe
   * does: measuring a child's dose with one gives too much.
   */
  householdSpoon: ['tablespoon*|tablespoonful*|tbsp|tbs|dessertspoon*|soupspoon*', 'table|dessert|soup|kitchen|serving|cereal spoon|spoons|spoonful|spoonfuls'],
  /**
   * The signs that follow too much of a medicine, as poison services list them: drowsiness,
   * vomiting, twitching or shaking, flushing, agitation or confusion, a racing heart, unsteadiness.
   */
  doseReaction: [
    'twitch*|jerk*|flush*|drowsy|sleepy|floppy|lethargic|vomit*|shaky|shaking|trembl*|agitated|restless|confused|hallucinat*|unsteady|wobbly|dizzy|clammy|sweaty',
    'heart|pulse rac*|pound*|fast',
    'rac* heart|pulse',
    'pupils big|dilated|huge',
  ],
  /** Medicines that are never a young child's, whoever gives them. */
  adultOnlyMedicine: ['sleeping pill|pills|tablet|tablets', 'sedative|sedatives|diazepam|valium|codeine|tramadol|morphine|methadone|oxycodone|opioid|opioids'],
  /** Given, or slipped into food or drink ('crushed into her yoghurt', 'dissolved in his juice'). */
  given: ['gave|given|giving|had|took|taken|got|put|accidentally|mixed|both|crush*|dissolv*|stir*|sneak*'],
  doseQuestion: [
    'how much|many|often|long|soon',
    'dose|doses|dosage|dosing|ml|mls|mg|teaspoon*|spoonful*|puffs',
    'can|should|could|may i|we give|use',
    'safe give|to',
    'together|alternate|alternating|double|top|maximum|max|between',
  ],
  object: [
    'battery|batteries|magnet|magnets|coin|coins|button|buttons|marble|marbles|bead|beads|pin|pins|needle|needles|screw|screws|tack|tacks|' +
      'earring|earrings|jewellery|jewelry|stone|stones|pebble|pebbles|lego|blade|razor|staple|staples|bolt|sequin|bell|' +
      'nail|nails|key|keys|ring|rings|clip|clips|hairclip|hairgrip|grip|paperclip|thumbtack|washer|necklace|charm|bauble|foil|toothpick|fishbone',
    'batteri*|magnet*',
    'bottle top|cap',
    'pen lid|cap|top',
    'fish|chicken bone',
    'small|tiny|little|magnetic|metal|glass ball|balls',
    'something|thing|object sharp|metal|metallic|plastic|small',
    // 'A tiny bit' is an amount, not a thing.
    'sharp|metal|metallic something|thing|object|piece|part|bit|toy',
    'small|tiny|little something|thing|object|piece|part|toy',
    'broken|piece|shard|bit|splinter glass',
    'piece|part|bit plastic|metal|toy',
    // A part told by the toy it came off or out of ("a wheel off a toy car"): a small part, whatever it is called.
    'off|from|out toy|toys',
  ],
  /**
   * The signs that something swallowed is stuck further down (a blockage): a belly swollen, hard or
   * distended, with vomiting beside it (the rule asks for both).
   */
  bellySwollen: ['~tummy|belly|stomach|abdomen|abdominal swollen|hard|distended|rigid', 'swollen|hard|distended|rigid tummy|belly|stomach|abdomen'],
  vomiting: ['vomit*|vommit*|puk*|sick', 'throw*|threw up'],
  batteryOrMagnet: ['battery|batteri*|magnet*'],
  /** Pushed into a nose or an ear, a button battery burns as it does in the gullet. */
  inNoseOrEar: ['up|in|into nose|nostril|nostrils|ear|ears'],
  /** A child's own nails and teething toys are mouthed every day. */
  /** The parent's own hand or arm ('burnt my own hand'): a burn there is not the child's. */
  ownBody: ['my|own hand|hands|finger|fingers|thumb|arm|arms|wrist|leg|legs|foot|feet'],
  /**
   * Punishment with an implement (a child hit with an object, a recognised sign of physical abuse):
   * told as discipline, with a mark or blood it is an injury someone caused.
   */
  punishment: ['disciplin*|punish*|spank*|whip*|thrash*|beat*', 'with|using belt|strap|cane|stick|slipper|spoon|cable|wire|hanger|hairbrush|switch|rod|whip|paddle|ruler|shoe'],
  /** A smack on the hand or bottom, asked about as discipline: with no mark or fear it is not an injury. */
  lightSmack: ['smack*|slap*|tap* @victim hand|hands|bottom|bum|leg|legs'],
  ownObject: ['his|her|their|my|own nail|nails|fingernail*|toenail*', 'nail|nails bit*|chew*|bite', 'bit*|chew*|bite nail|nails', 'teething ring|rings|toy', 'his|her|their ring|rings'],
  swallowSign: ['drool*|dribbl*|gag*|retch*', '@neg eat|swallow|drink', 'point*|clutch*|grab* throat|chest|neck', 'chest|throat pain|hurts|sore'],
  missingObject: ['missing|gone|lost', 'can not find|see', '@neg there|anywhere', 'black|grey|gray stuff|mark|marks|residue'],

  // ---- Allergic reaction ---------------------------------------------------------------
  airwaySwelling: [
    'lip|lips|tongue|throat|face|mouth|cheek|cheeks swell*|swollen|puff*|huge|enormous|massive|fat|balloon*|blown|big|bigger|thick|thicker|heavy',
    'swell*|swollen|puffy|puffed lip|lips|tongue|throat|face|mouth',
    'swell*|puff* of|in|on|round|around lip|lips|tongue|throat|face|mouth',
  ],
  eyeSwelling: ['eye|eyes|eyelid|eyelids swell*|swollen|puff*|shut|closed', 'swollen|puffy eye|eyes|eyelid|eyelids', 'swell*|puff* of|in|on|round|around eye|eyes|eyelid|eyelids'],
  hives: ['hives|welts|urticaria', 'nettle rash'],
  throatTight: ['throat tight*|clos*|closing|narrow*|swell*', 'tight|closing throat', 'can not swallow|breathe'],
  anaphylaxis: [
    'anaphyla*',
    'use|used|using|give|gave|given|need|needed|inject*|jab*|administer* epipen|epi|autoinjector|auto|jext|emerade|adrenaline',
    'epipen|autoinjector|jext|emerade|adrenaline used|given|now|in',
  ],
  /** An auto-injector called by its short name, 'the pen', used or given: beside an allergy, the adrenaline pen (round 28). */
  penUsed: ['use|used|using|give|gave|given|inject*|jab*|stab*|did|done pen|pens'],
  allergyTrigger: [
    'nut|nuts|peanut|peanuts|cashew|cashews|almond|almonds|walnut|walnuts|hazelnut|hazelnuts|pistachio|pistachios|pecan|sesame|tahini|egg|eggs|' +
      'prawn|prawns|shrimp|shellfish|crab|lobster|fish|kiwi|lupin|mustard|celery',
    'sting|stung|stinging|bee|wasp|hornet|jellyfish',
    'allergy|allergic|allergen|intolerance',
    'new food|medicine|medication|antibiotic',
    'first time',
    'antibiotic|antibiotics|penicillin|amoxicillin',
  ],
  allergySign: [
    'hurt*|painful|pain|sore|tight breath*|breathe|breathing',
    'wheez*',
    'swell*|swollen|puff*',
    'vomit*|sick|puk*',
    'throw*|threw up',
    'floppy|limp|pale|dizzy|faint*|collaps*|drowsy',
    'cough*',
    'tingl*',
    'itchy|itching mouth|throat|tongue',
    'breath*|breathing funny|strange|weird|noisy|fast|hard',
    'voice hoarse|croaky|funny|strange|changed',
    'hoarse|croaky',
    'struggl*|trouble|difficulty|hard swallow*',
    '@neg swallow',
    'drool*',
  ],

  // ---- Head injury ------------------------------------------------------------------------
  headKnock: [
    `hit|hits|hitting|bang*|bump*|knock*|smack*|crack*|whack*|land*|fell|fall|falls|fallen|thump*|${COLLISION} head|forehead|skull|temple`,
    // A blow given with a foot, a knee or an elbow, or struck by a thing (round 22: "kicked in the head at football" was no knock).
    'kick*|kneed|elbow*|punch*|struck|strike|strikes|clout*|clobber* head|forehead|skull|temple',
    'head bump|bumps|injury|injuries|knock|knocks|bang|first|butt',
    'headbutt*',
    // Two children meeting "head to head" (round 19).
    'head +to +head',
    `head|forehead|skull hit|hits|bang*|bump*|knock*|smack*|crack*|whack*|slam*|${COLLISION}`,
  ],
  fall: [
    'fell|fall|falls|fallen|falling|roll*|tumbl*|toppl*|slip*|dropped off|from|down|out|through|onto',
    'drop*|dropped @victim',
    // A descent told by how many stairs it took ("went down about six stairs", "came down a whole flight"): a fall,
    // since a walk down them is not counted (round 31: a toddler who "went down six stairs" was no fall).
    'went|gone|go|goes|going|came|come|comes|coming|slid|slide|slides|bumped|bounced|bounce|bounces down @count|whole stairs|steps|staircase|flight',
    // Coming off a thing ridden or bounced on is a fall (round 23: "came off his bike" was none).
    'came|come|comes|coming|flew|fly|thrown|bucked off|of bike|bicycle|scooter|horse|pony|skateboard|board|trampoline|swing|motorbike|quad|ebike|hoverboard|skates|rollerblades',
  ],
  headWarning: [
    'vomit*|vommit*|puk*|sick',
    'throw*|threw up',
    'drowsy|sleepy|dazed|confused|confusion|disorientated|disoriented|irritable',
    'knock* out',
    'unconscious|unresponsive',
    'pass*|black* out',
    'slur*',
    '@neg stay awake',
    'pupil|pupils',
    'fluid|blood|bleed*|liquid|stuff|discharge coming|come|comes|came|leaking|from|out ear|ears|nose',
    // The NHS signs for A&E after a head injury: dizziness, and trouble speaking, seeing or remembering.
    'dizzy|dizziness',
    'talk*|speak*|speech|words nonsense|gibberish|funny|strange|weird|jumbled|muddled|garbled',
    '@neg making sense',
    'blurr*|blurry|double vision',
    'see|seeing|sees double',
    '@neg remember|recall|recognise|recognize',
    'memory loss',
    // Asking or saying the same thing again and again is memory lost after the knock (round 23).
    'ask*|asking|say*|saying|repeat*|repeating same|question|questions|thing|things',
    'repeat*|repeating himself|herself|themselves|questions',
    'keep*|kept clos*|shut* eyes',
    'fluid',
    'walk* funny|strange|weird|wobbly|unsteady',
    'wobbly|unsteady|stagger*',
    'headache',
    'head hurts',
    'fit|fitting|seizure|convuls*',
    'swelling|lump|bump big|huge|massive|growing',
    'big|huge|massive|large swelling|lump|bump',
    '@neg feeding|feed|know|recognise|recognize',
    'not himself|herself|themselves',
    'floppy|limp',
  ],

  // ---- Fever -------------------------------------------------------------------------------
  fever: ['fever*|feverish|febrile|pyrexi*', 'a temp|temperature', '~high|raised temp|temperature', 'have|has|had|got|running temp|temperature', 'burning up'],
  feelsHot: ['hot'],
  feverWarning: [
    'stiff neck',
    'neck stiff|hurt*|sore',
    'breath*|breathing fast|quick|quickly|rapid|rapidly|hard|strange|weird|grunting',
    'grunt*',
    'mottled|blotchy|grey|gray|ashen|blue|bluish',
    'floppy|limp|lethargic|listless|unresponsive|drowsy',
    '@neg wake|waking|rouse|respond*',
    'hard|difficult wake|rouse',
    'very|really|so|too sleepy',
    '@neg wet|wee|pee|urine|nappy|nappies|diaper|diapers',
    'sunken eyes|fontanelle',
    'bulging|bulge|bulges|swollen|raised|tense soft spot|fontanelle',
    'soft spot|fontanelle bulg*|swollen|raised|tense',
    'sunken soft spot',
    'eyes sunken',
    'moan*|whimper*',
    'weak|moaning cry|crying',
    'high pitched',
    'fit|fitting|seizure|convuls*',
    'delirious|delirium|hallucinat*|confused|confusion',
    'light hurts|bothers',
    'dislike*|hate* light',
    '@neg like light',
  ],

  // ---- Drowning -----------------------------------------------------------------------------
  drowned: ['drown*'],
  water: ['@water'],
  underWater: [
    'underwater|submerged|sank|sunk|sinking',
    'head|face|@kid|he|she|they under',
    'face down',
    // Going in head or face first is going under (round 31: "went head first into the bucket of mop water" was read as a knock).
    'head|face +first in|into|under',
    'fell|fall|fallen|slip*|tipp*|tumbl*|toppl* in|into|under',
    // Frozen water gives way under a child: 'broke through the ice'.
    'fell|fall|fallen|went|gone|broke|break|crash*|slip* through ice|surface',
    'tipp*|toppl* over',
    'pull*|drag*|fish* out',
    // A child pulled out of or from water, named with their age ("my 5 year old") or taken 'from' it (round 32).
    'pull*|drag*|fish*|haul*|rescu* @kid out|from',
    'got|get|lifted @kid out',
    'swallow*|inhal*|breath* water',
    'went|gone|goes|go|been|was|slipped|pulled|dragged|sucked|swept|knocked|pushed|dunked under',
    'found|saw @kid at|on|in bottom|floating',
    'found|saw @kid floating',
  ],

  // ---- Burns and scalds --------------------------------------------------------------------
  burn: ['burn|burns|burnt|burned|burning|scald|scalds|scalded|scalding', 'caught|catch|catches fire|alight', 'on fire', 'set fire|alight'],
  heatSource: [
    '@hot water|tea|coffee|drink|drinks|oil|fat|soup|milk|liquid|pan|food|noodle|noodles|bath|cup|mug|kettle',
    'water|tea|coffee|drink|milk|bath|oil|soup|food hot|boiling|scalding',
    'cup|mug|pot|flask|bowl|pan|saucepan|kettle of tea|coffee|soup|water|pasta|oil|milk',
    'fresh|freshly|made|boiled|brewed tea|coffee',
    'too hot',
    'kettle|iron|oven|hob|stove|cooker|radiator|fire|flame|flames|candle|cigarette|firework|fireworks|barbecue|bbq|grill|heater|toaster|straighteners|steam|embers|wax|fryer|fryers',
    'deep fat',
    'chip pan',
    'chemical|acid|caustic',
    'drain|oven cleaner',
    'electric|electrical|socket|shock',
  ],
  contact: [
    'pull*|spill*|spilt|splash*|pour*|knock*|tipp*|touch*|grab*|sat|fell|stuck|lean*|leant|dropped',
    'put|placed hand|hands|finger|fingers|arm|foot',
    'went|go|goes|gone over|on',
  ],
  burnDamage: [
    'blister*',
    'bubbl*',
    'skin peel*|off|hanging|white|leathery|charred|black|raw|weep*|melt*|coming',
    'peel*',
    'leathery|charred|weeping|raw',
    'large|big|huge|whole|most|massive area|patch|burn|part|arm|leg|back|chest|tummy',
    'bigger|larger than hand|palm',
    'screaming|scream*|inconsolable',
    '@neg hurt',
  ],
  /** Smoke or fumes breathed in: in a fire, a burn to the airway, with no mark on the skin. */
  smoke: ['smoke|smoky|fumes|soot', 'in|breath*|inhal*|swallow*|through|full smoke|fumes'],
  /**
   * The signs of smoke inhalation first-aid courses teach: a hoarse voice, soot or black spit or
   * mucus round the nose and mouth, singed hair at the nose or face, and trouble breathing.
   */
  smokeSign: [
    'voice hoarse|croaky|husky|raspy|gone',
    'hoarse|croaky|husky|raspy',
    'black|sooty|grey|gray|dark spit|phlegm|mucus|snot|sputum|saliva|dribble|cough|bogeys',
    'soot|sooty round|around|in|on nose|mouth|nostrils|face',
    'singe*|scorch*|burnt|burned eyebrows|eyebrow|eyelashes|lashes|hair|fringe|nose',
    'struggl*|trouble|difficulty|hard breath*|breathe|breathing',
  ],
  /** Every electrical and chemical burn needs a doctor, whatever it looks like (NHS guidance). */
  burnCause: ['electric|electrical|electrocut*|socket|shock|wire|chemical|acid|caustic|bleach|alkali', 'oven|drain cleaner'],
  /**
   * Signs of a deep burn, which first-aid courses send to hospital whatever caused it (round 20):
   * skin charred or blackened, black or white in patches, leathery. Beside another sign of burn
   * damage (blisters, peeling) they tell a burn without naming its cause. A blister that goes all
   * the way round was tried as well and dropped: shoes rub blisters all round a toe.
   */
  deepBurn: ['charred|blackened|leathery', 'black|white|grey|gray patch|patches|place|places|area|areas'],
  /**
   * Hot spices and hot sauces: the burning they cause in the mouth is a taste, not a burn (round 20).
   * Dishes are not named here: a dish's name does not say it is hot (MessageEvidence.burnsAsATaste).
   */
  spice: ['spicy|spice|spices|spiced|chilli|chillies|chili|chilies|jalapeno|jalapenos|wasabi|horseradish|peppery|sriracha|tabasco'],
  clothesOnFire: ['pyjamas|clothes|clothing|dress|hair|top|costume|sleeve|nightie|nightdress|jumper|@kid caught|catch|catches fire|alight'],
  burnSite: [
    'face|eye|eyes|lip|lips|tongue|throat|hand|hands|palm|palms|foot|feet|genitals|privates|groin|bottom|neck|chest|tummy|joint|knee|cheek|mouth|' +
      'back|arm|arms|leg|legs|lap|thigh|thighs|bum|body|shoulder|shoulders|head|scalp',
  ],

  // ---- Severe bleeding ---------------------------------------------------------------------
  bleeding: ['bleed*|blood|bloody|nosebleed*', 'nose bleed*'],
  heavyBleeding: [
    '@neg stop|stopping|stopped',
    'nonstop|constantly|continuously',
    'non stop',
    'lot|lots|loads|much|heavily|heavy|badly|everywhere|pool|pools|gush*|spurt*|pump*|puls*|pour*|soak*|stream*|drip*|squirt*|covered',
    'minutes|mins|hour|hours',
    'pale|dizzy|faint*|cold|clammy',
    // Blood told as still coming ('it keeps coming', 'still flowing'): bleeding that has not stopped.
    'blood|bleeding|it|wound|cut keep|keeps|kept|still come|coming|flow*|run|running|ooz*|seep*|leak*|trickl*',
    // Blood soaking through the pad pressed on it, the sign first-aid courses teach (a plaster or a tissue is no pad).
    'soak*|soaking|coming|come|comes|pour*|seep*|bleed*|bled through towel|towels|bandage|bandages|cloth|pad|dressing',
  ],
  /**
   * Blood through one layer after another (the sign first-aid courses teach): the pad, and the
   * nappies, clothes or sheets changed and soaked again. It tells heavy bleeding on its own.
   */
  bleedingThrough: [
    'bleed*|bled|blood soak*|soaking|coming|come|comes|pour*|seep*|leak*|through nappy|nappies|diaper|diapers|clothes|clothing|layers|layer|sheet|sheets|vest|vests|sleepsuit|sleepsuits|bandage|bandages|dressing|dressings|towel|towels|every|each|several',
  ],
  /**
   * A dressing, a nappy, clothes or bedding filled with blood: like blood through a pad, it tells
   * heavy bleeding on its own. (A tissue or a sanitary pad full is not this.)
   */
  filledWithBlood: [
    'nappy|nappies|diaper|diapers|towel|towels|bandage|bandages|dressing|dressings|cloth|cloths|clothes|clothing|sheet|sheets|bed|vest|top|shirt|sock|socks|pyjamas|sleepsuit|babygro|flannel|muslin full|filled|soaked|drenched|sodden of|with blood',
  ],
  seriousWound: [
    '~deep|deeply|gaping|huge|big|long|bad|badly|nasty cut|gash|wound|laceration|slash|slic*',
    'see fat|bone|muscle|yellow|inside',
    'bone|bones|fat|muscle showing|visible|sticking|poking|through',
    'hanging|chopped|sliced|torn off',
    // Not 'sever*', which reads 'several' as a severed limb.
    'sever|severs|severed|severing|amputat*|stab*|impal*',
    // Something sharp fallen on, or left in the wound.
    'fell|fallen|fall|landed|ran on|onto knife|knives|scissors|spike|railing|railings|skewer|blade|nail|nails',
    '~knife|knives|scissors|blade|skewer|spike stuck|lodged|embedded|sticking',
    'fell|fall|went|crashed|ran through glass|window|door',
    'tip|fingertip|finger|toe|thumb|ear|nail off|hanging',
  ],
  flow: ['gush*|spurt*|pump*|pour*|soak*|stream*|squirt*'],
  /** A wound told by its shape, a split or a gash in a part of the body: pouring, a bleed told without the word 'blood' (round 24). */
  openWound: [`split|splits|gash|gashed|gashes|laceration ${WOUND_SITES}`, `${WOUND_SITES} split|gashed`],
  pressure: ['press*|pressure|towel|cloth|bandage|wound|cut|dressing'],
  internalBleeding: ['vomit*|cough*|throw*|sick|spit* blood|clot|clots', 'blood vomit|sick|spit', 'blood clot|clots'],

  // ---- Rash that does not fade, with fever ---------------------------------------------
  rash: ['rash|rashes|spot|spots|dot|dots|mark|marks|blotch*|bruis*|pinprick*|petechia*|purpura|speckl*|freckl*|patch|patches'],
  nonBlanching: ['@neg fade*|fading|go|goes|disappear*|vanish*|blanch*|change|lighten|pale', 'stay|stays|staying|still', 'still see|there|visible'],
  // 'Blanch' is the word of the glass test itself: a rash that does not blanch has been tested.
  nonBlanchingTest: ['non blanch*', 'nonblanch*', 'glass test fail*', 'fail* glass', '@neg blanch*'],
  purpleSpots: ['purple|purplish|dark|maroon|purply spot|spots|dot|dots|rash|blotch*|patch|patches|mark|marks', '~like bruise*|bruising', 'pinprick*'],
  // The chin-to-chest test is how parents are taught to check for a stiff neck.
  stiffNeck: ['stiff neck', 'neck stiff|hurts|sore', '@neg touch|bend|put|get|lower|tuck chin'],
  /** The neck moved, touched or bent: with a pain reaction beside it, this is the neck stiffness a first-aid course teaches, said as what happens. */
  neckMoved: ['move*|moving|turn*|touch*|bend*|bent|lift*|tilt* neck|head|chin'],
  painReaction: ['scream*|cry|cries|crying|cried|yelp*|wince*|flinch*|howl*|shriek*', 'hurt*|pain*|painful|agony'],
  lightHurts: ['light hurts|bothers', 'dislike*|hate* light', '@neg like light', 'bright light'],
  unwell: ['sleepy|drowsy|floppy|lethargic|listless|irritable|confused', 'very|really|so|extremely unwell|poorly|ill', 'cold hands|feet', 'vomit*|sick', 'tired|exhausted'],

  // ---- Crisis: the parent's safety, or a child being harmed by someone -------------------
  selfHarm: [
    'kill*|harm*|starv* myself|herself|himself|themselves',
    'hurt*|hurting|cut*|cutting myself',
    'want|wants|wanted|trying|tried|going hurt*|cut* himself|herself|themselves',
    // Harm as the purpose of an act: 'took the pills to hurt herself'.
    '@medicine|knife|blade|razor|rope to|so hurt*|harm*|cut*|kill* myself|himself|herself|themselves',
    'suicid*',
    'self harm*',
    // The tagger reads 'planning' as a noun, whose lemma is not 'plan'.
    'want|wants|wanted|going|gonna|ready|plan|plans|planning|like|thinking|thought|decided end*|ending it|everything|life|all',
    // Speaking or writing of ending it, a warning sign suicide-prevention courses teach: the person's own talk, not a topic.
    'talk|talks|talking|talked|speak*|spoke|say|says|saying|said|mention*|post*|wrote|writ*|text*|messag* end*|ending it|everything|life|all',
    'end* my|her|his life',
    '@neg want|wanna alive|live|living|exist|here|wake',
    'better off without|if',
    // The family said to be fine without the parent, or the parent gone for good.
    'happier|better without me|us',
    'disappear|vanish forever|permanently',
    'only way out|escape',
    'i|me @neg here|around|alive',
    'want|wants|wanted|wish die|dead',
    'wish i was|were dead|gone',
    'take|taking|swallow*|overdose all pill|pills|tablets|meds',
    'pill|pills|tablets|meds ready|lined|counted|saved|stockpiled|hoarded',
    'jump*|throw*|driv* from|off balcony|bridge|roof|window|building|cliff|floor|storey|ledge|edge',
    'driv*|crash* into wall|tree|lorry|truck|traffic|river|bridge',
    'walk*|swim*|step* into sea|river|lake|traffic|road',
    'walk*|step*|jump* in front traffic|train|car|lorry|truck|bus',
    'driv*|crash*|steer* car into|off wall|tree|lorry|truck|traffic|river|bridge|cliff',
    '@neg will|reason|wish|desire live|living|alive',
    // Warning signs a suicide-prevention course teaches: goodbye letters, giving things away.
    'goodbye|suicide|farewell letter*|note*',
    'written|wrote|writing|left letter*|note* everyone|family|kids|children|husband|wife|partner',
    'giv*|gave away belongings|things|stuff|possessions',
    '@neg go on anymore|more|living',
    'cord|rope|belt|scarf|string|tie|ligature round|around neck',
  ],
  /**
   * Hurting oneself by any means (a burn, a scald, a blow, a bite, a scratch), said of oneself or
   * of one's own body: with an intent told beside it (deliberate), it is self-harm; told alone it
   * may be an accident ("burnt herself on the oven").
   */
  selfInjury: [
    `${INJURE} myself|herself|himself|themselves`,
    // Not the head: a young child banging or hitting their head in temper or to settle is common and no self-harm.
    `${INJURE} his|her|their|my|own arm|arms|leg|legs|skin|hand|hands|wrist|wrists|thigh|thighs|stomach|tummy|chest|body`,
  ],
  /** An act told as meant, not an accident. */
  deliberate: ['on purpose', 'deliberately|intentionally|purposely|purposefully|wilfully|willfully', 'meant|means|mean to'],
  /** Taking an overdose, told by the parent of themselves (rules.ts reads it only when the child is not the subject). */
  /** An adult found collapsed beside pills: an overdose in the family, whoever took it. */
  foundCollapsed: ['found|find @adult|him|her on floor|ground|unconscious|collapsed|unresponsive|passed'],
  overdoseTaken: ['take|took|taking|taken|swallow*|overdos* whole|packet|box|bottle|all|every pill|pills|tablets|meds|paracetamol'],
  /** A lot of tablets is an overdose when told with distress, and a dose for a headache when not. */
  manyTaken: [MANY_TAKEN],
  /** The same amount, whoever took it: with a quarrel beside it, an overdose taken on purpose. */
  tookMany: [MANY_TAKEN],
  /** A quarrel or a loss just before: what turns an amount taken into an act of intent. */
  conflict: ['argu*|fight|fought|fighting|breakup|dumped|bullied|grounded', 'fall*|fell out', 'broke|break*|split* up', 'told|telling off'],
  distress: ['regret*', '@neg ok|okay|alright|cope|coping', 'mistake', 'scared|frightened|panick*|terrified', 'help me', 'sorry'],
  /** A decision or a plan, which with 'end it' or low mood is a plan to die said without the word. */
  decision: ['decid*|decision|plan|plans|planned|planning|ready|made mind', 'worked|figured out', 'tonight night', 'time come'],
  endIt: ['i end|ending it', 'end|ending it all|tonight|now'],
  planIt: ['plan*|decid*|work*|figur*|know how|when|where|way do|end it'],
  lowMood: ['pnd|depress*|depression|postnatal|postpartum|hopeless|worthless|burden|unbearable|numb', '@neg cope|coping|go on'],
  /** Taking them all, said of pills named just before: with a means at hand, an overdose. */
  takeAll: ['take|taking|swallow* them|it all', 'take|taking|swallow* all of them|it'],
  hopeless: ['what point', 'no point', 'give|giving|gave up on everything|life', '@neg do|cope|go|take this|it|on anymore|more|longer'],
  /** Tablets or blades stockpiled or hidden away (a warning sign suicide-prevention courses teach). */
  stockpile: ['~stash*|hoard*|hidden|hiding|hid|stockpil*|saving|saved|collect*|pile pill|pills|tablet|tablets|meds|medication|paracetamol|painkillers|antidepressants|blade|blades|razor|razors'],
  /** Looking up how to die: a method researched (search history, googling) or asked after. */
  lethalQuery: ['how many|much take|takes|need|needed die|dying|kill|dead|overdose', 'lethal|fatal|deadly dose|doses|amount|overdose'],
  /** Taking enough never to wake: with tablets stockpiled, a plan to die. */
  neverWake: ['how many|much take|takes|need @neg wake', 'to|and @neg wake up'],
  searched: ['search*|googl*|research*|looked|looking|look up', 'search history', 'browser|internet history'],
  /** What self-harm leaves to be found: blades kept hidden, and cuts in the places they are hidden (NSPCC and Young Minds warning signs). */
  hiddenBlades: ['found|find|finding|hidden|hiding|hid|hides|stash*|kept|keeps|keeping blade|blades|razor|razors|sharpener|sharpeners|scalpel|scalpels'],
  /**
   * Wounding the places self-harm is done (wrists, forearms, thighs) by the child's own hand:
   * "cutting her wrists", "scratching his arms". With something sharp, or with words of feeling
   * unloved or worthless beside it, it is self-harm (NSPCC and Young Minds warning signs).
   */
  selfWounding: ['scratch*|cut*|slash*|carv*|scrap*|gouge*|stab*|pick* wrist|wrists|forearm|forearms|arm|arms|thigh|thighs'],
  sharpObject: ['with|using glass|blade|blades|razor|razors|knife|knives|scissors|compass|pin|pins|needle|needles|sharpener|shard*|tin|lid'],
  unloved: ['nobody|noone|one love*|like*|want*|care*|cares', '@neg love*|want*|care* about|for @victim', 'hate* himself|herself|themselves|myself', 'worthless|useless|failure|burden|unlovable|ugly|stupid'],
  hiddenCuts: ['~fresh|new|deep|lots|several|many cut|cuts|slash*|scratches|wounds', 'cut|cuts|scratches|scars|wounds on|across|up her|his|their|@kid thigh|thighs|wrist|wrists|arm|arms|leg|legs|stomach|tummy|hips'],
  means: ['knife|blade|razor|rope|pills|tablets|gun in|my hand|hands', 'got|have|holding|bought|saved knife|blade|razor|rope|gun|pills|tablets'],
  harmThoughts: [
    'might|could|will|going|gonna|about|scared|afraid|urge|urges|thought|thoughts|imagin*|thinking|want|picture|visualis* hurt*|harm*|smother*|suffocat*|shake|shaking|kill*|drown* baby|son|daughter|child|kid|kids|him|her|them|toddler',
    '@neg keep @victim safe',
    'safe from me',
    'need|needs someone|somebody take him|her|them|baby',
    'scared|afraid|terrified|frightened of myself',
    'scared|afraid|terrified|frightened what i might|could|will|would do',
    'pillow|cushion|hand|hands|blanket over|on @kid face|mouth|nose',
  ],
  /** Thinking of jumping or throwing oneself, which with a height (a balcony, a bridge, a high floor) is a method thought of. */
  jumpThought: ['think|thinking|thought|thoughts|urge|urges about|of jump|jumping', 'throw|throwing myself'],
  height: ['balcony|bridge|window|roof|rooftop|ledge|cliff|tower|motorway|platform', 'car park', 'floor|storey|story building|flat|up'],
  /** A goodbye sent or left, which suicide-prevention courses teach as a warning sign when the person then cannot be reached. */
  farewell: ['texted|messaged|sent|wrote|left goodbye|goodbyes|farewell', 'goodbye|farewell note|letter|text|message|video'],
  unreachable: ['switched|turned off phone', 'phone off|dead', 'taken|took car', 'disappeared|vanished'],
  /**
   * Not answering, or not where they should be: out of touch, which after a goodbye and an apology or a fear is a
   * young person out of reach, not a child unresponsive in front of the parent (round 33). A goodbye at leaving for a
   * sleepover and a phone not answered, with no apology, is not enough.
   */
  outOfTouch: ['@neg answer*|answering|reply*|replying|respond*|responding|pick*|picking', '@neg home|at home|in room|at school|anywhere'],
  adultHarm: [
    '@adult drag*|yank*|shov*|hit|hits|hitting|beat|beats|beating|punch*|slap*|kick*|shake|shakes|shook|shaking|strangl*|chok*|burn|burns|burned|burnt|hurt|hurts|hurting|abus*|threaten*|smack*|squeez*|throw*|threw|bite|bites|lock*|starv*|smother*|punish*|molest*|rape* @victim',
    'being|been|was|were|is|are|get|gets|got beaten|abused|molested|raped',
    '~finger|fingers|hand|grip|belt shaped|mark|marks bruis*',
    // Harm done with an object (round 22 addendum: "my mum threw a plate at me and it cut my head" held no rule, the
    // victim read only straight after the verb, so a thing thrown between them hid it). A thing thrown at someone, that is
    // not a plaything nor a figure of speech ("threw a ball", "threw a party", "threw a look"), or 'it' thrown.
    `@adult ${THROW} !${THROWN_IN_PLAY} at ${HARMED}`,
    `@adult ${THROW} +it|them|things|stuff|something|everything|anything at ${HARMED}`,
    // Struck with a thing ("struck me with a hairbrush"), or a thing broken over someone ("smashed a bottle on my head").
    `@adult ${STRIKE} @victim with|using !${THROWN_IN_PLAY}`,
    `@adult ${STRIKE} @victim across|over|round`,
    `@adult smash*|broke|break* !${THROWN_IN_PLAY} on|over|across ${HARMED}`,
    // Pushed or thrown into or against a thing, not into water or onto something soft ("pushed me into the door frame").
    `@adult push*|shov*|slam*|threw|throw*|flung|fling* @victim into|against|onto|down|through !${SOFT_LANDING}`,
    // Burnt or cut with a thing: the writer's own body ("burnt my arm with a spoon"), or a child; not 'her', which may be the adult's own.
    'partner|husband|wife|boyfriend|girlfriend|dad|daddy|father|stepdad|stepfather|mum|mom|mam|mammy|mummy|mommy|mother|stepmum|stepmom|stepmother|bf|gf|dh|dp ' +
      'burn*|burnt|burned|scald*|brand*|cut|cuts|slash*|stab* me|my|him|us|son|daughter|child|kid|baby|brother|sister|toddler|boy|girl with|using',
  ],
  sexualAbuse: [
    'touch*|touching|show*|showing private*|privates|genital*|bottom|willy|vagina|penis',
    'down there',
    'inappropriate*|inappropriately touch*|touching|photo*|pictures',
    'touch*|touching inappropriate*',
    'abused|abusing|abuser|molest*|rape|raped|raping|sexually',
    'domestic|child|sexual violence|abuse',
  ],
  /** Violence from an adult, told with fear, a plea or an injury: each alone is ordinary, together they are not. */
  violence: [
    'threaten*|drunk|violent|violence|weapon|knife|gun|rage|raging|punch*|strangl*|beat|beats|beating|beaten|hit|hits|hitting|slap*|kick*|pinch*|shov*|smack*',
    'hold|holds|held|holding hand|hands|arm|head on|against|under|over|down',
    // A child thrown, pushed or slammed against or onto something.
    'threw|throw*|thrown|flung|fling*|hurl*|slam*|push*|shov* @victim against|into|onto|across|down|off|at',
    'teach* lesson',
    // Seized or held by the neck or the throat (round 33: "grabbed my son by the neck, he has finger marks" read as choking).
    'grab*|grip*|gripp*|seiz*|squeez*|pinn*|held|hold*|throttl* @victim by|round|around neck|throat',
  ],
  /** A child seized by someone the parent does not name as family, and carried off. */
  seizedChild: ['man|woman|men|women|someone|somebody|stranger|strangers|guy|bloke|lady|person|people grab*|snatch*|pull*|push*|bundl*|drag*|lur*|took|taken @victim'],
  takenAway: ['drove|drive|driven|driving|ran|run|running|rode|sped|went off|away', 'into|in car|van|vehicle|lorry|truck', 'took|taken|carried away|off'],
  /** A child kept from coming home, by someone met online or a stranger. */
  heldAgainstWill: ['@neg let @victim leave|go|come|home'],
  stranger: ['online|internet|stranger|strangers', 'from|met|meet|meeting online|internet|app|snapchat|instagram|tiktok|discord', 'older|grown man|men|guy|adult'],
  /** An adult stranger, or an adult met online: not a friend of the child's own age. */
  groomer: [
    'older|grown|adult man|men|guy|guys|woman|bloke',
    'stranger|strangers',
    'someone|somebody|man|guy|adult|person met|from online|internet|app|snapchat|instagram|tiktok|discord|game|gaming',
  ],
  /**
   * What a groomer asks of a child (NSPCC signs of online grooming): pictures, a meeting, or
   * secrecy. With an adult stranger or one met online, it is a safeguarding crisis.
   */
  groomingAsk: [
    'ask*|want*|beg*|pressur*|request*|send*|sent photo*|picture*|pics|nudes|selfies|images|videos',
    'want*|arrang*|plan*|ask*|invit*|trying|offer* meet|meeting|meetup',
    'keep|keeping|kept it|this|them secret',
  ],
  /** A threat, shouted or made, to kill or strangle a child. */
  killThreat: ['kill|murder|strangle|smother|drown him|her|them|baby|babies|son|daughter|child|children|kid|kids|toddler|boy|girl'],
  shouting: ['shout*|scream*|yell*|threaten*|threat*|roar*'],
  babyShaken: ['shake|shakes|shook|shaking baby|babies|newborn|infant'],
  fear: ['afraid|scared|frightened|terrified|petrified|fearful', 'help me|us', 'please stop|help', 'crying|screaming|shouting|yelling stop|help|please'],
  injuryMark: ['mark|marks|bruise*|bruising|welt*|weal*'],
  /**
   * Burns whose shape points to harm rather than an accident (round 22): round, circular or cigarette-sized,
   * neat or identical. A round burn from a hob ring is an accident; the rules ask for a second sign.
   */
  patternedBurn: ['round|circular|circle|cigarette|neat|identical|matching burn|burns|burnt|burned|scald|scalds|blister|blisters'],
  /**
   * Bruises in places a fall seldom reaches (the ears, the neck, the genitals, the buttocks, the frenulum),
   * or in the shape of fingertips, a grip, a hand or a belt (round 22): the pattern of injury that points to harm.
   */
  protectedBruise: [
    'bruise*|bruising|bruised ear|ears|earlobe|earlobes|neck|genitals|privates|buttock|buttocks|frenulum',
    'ear|ears|earlobe|earlobes|neck|genitals|privates|buttock|buttocks bruise*|bruised|bruising',
    'fingertip|fingertips|finger|fingers|fingermark|fingermarks|grip|grab|hand|handprint|belt|slap bruise*|bruising|marks|mark',
  ],
  /** An injury, told by its marks or by what a hurt limb does (NHS signs of a broken bone: swelling, a limp, a limb not used). */
  injury: ['mark|marks|bruise*|bruising|welt*|weal*', 'swollen|swelling|limp|limping|broken|fractur*|dislocat*', '@neg use|move|lift|bend|straighten it|arm|leg|hand|wrist', '@neg put|bear weight'],
  disclosure: ['told|tells|tell|said|says|saying|disclosed|admitted'],
  /**
   * The child saying an adult did it ("he says his mum did it", "told me her dad did this"): with an injury or a burn,
   * harm an adult did, however the injury is told (round 33: a foster child's patterned burns, "his mum did it",
   * answered as burns alone).
   */
  blamesAdult: ['told|tells|tell|said|says|saying @adult did|done it|this|that'],
  secret: ['secret|secrets'],
  touched: ['touch*|touching|kiss*|undress*|photo*|pictures'],
  nightVisits: ['come|comes|coming|came|go|goes|going into bed|bedroom|room|bath'],
  atNight: ['night|nights|bedtime|alone'],
  danger: [
    'abduct*|kidnap*',
    'afraid|scared|frightened|terrified|petrified go|going|come|coming home',
    '@neg safe home|house',
    'threaten*|wav*|point*|pull* knife|gun|weapon|knives',
    'start* on children|kids|baby|son|daughter|boys|girls',
    'threaten*|threat* hurt|kill|harm|stab|shoot|take',
    'we|kids|children @neg safe',
  ],
  /** The parent telling of hurting their child: with lost control or an injury it is a crisis, not a question about discipline. */
  parentHarm: ['i|we hit|hits|punch*|slap*|kick*|shook|shake|threw|throw*|smack*|hurt|squeez*|bit @victim'],
  lostControl: ['lost|lose|losing control|temper', 'scared|afraid|terrified|frightened of myself', 'really|so|too hard'],
  /**
   * A baby who cannot yet roll, crawl or walk: such a baby rarely bruises by accident, so a
   * mark nobody can account for is a safeguarding concern (NICE guidance on child maltreatment).
   */
  notMobile: ['@neg roll|crawl|walk|cruise|stand|sit|move yet|even|around|herself|himself', '@neg rolling|crawling|walking|cruising|mobile', 'immobile|nonmobile', 'non mobile'],
  /** An injury in a child's underwear or private parts: with an adult named and a child who will not say, a sign of abuse (round 24). */
  intimateInjury: ['blood|bleeding|bruis*|sore|soreness|injur*|cut|cuts in|on|inside|around pants|knickers|underwear|underpants|boxers|privates|genital*|vagina|penis'],
  /** A child who will not say what happened. */
  refusesToSay: ['@neg talk|say|tell|speak|explain', 'refus* talk|say|tell|speak|explain|answer', 'clam* up'],
  unexplained: ['nobody|noone|one know*|explain*|saw|seen|remember*', 'no idea|explanation how|where|why|what', '@neg know|explain|sure|remember how|where|why|what', 'unexplained|unexplainable', 'came|come from'],
} satisfies Record<string, string[]>;

/**
 * The frames of a sentence, and the idioms to ignore. A frame turns every cue in its sentence
 * into talk about the topic rather than an event; the rules say which frames each category
 * heeds. A frame is set by any of its phrases, and some are cancelled by others (a past event
 * that is happening 'again now' is present).
 */
const WILFUL = [
  'tantrum*|meltdown*|screaming|scream|cross|angry|upset|frustrat*|biscuit|biscuits|heap',
  'annoying|annoyed|refus*|protest*|stubborn|naughty|cheeky|deliberately|purpose',
  'car seat',
  'buggy|pushchair|pram',
];

const frameRaw = {
  hypothetical: [
    'what if',
    'if',
    'in case',
    'it ever',
    'prevent*|avoid*|risk*|hazard|hazards|safely|childproof*|babyproof*|proof|proofing|likely|likelihood|chance|chances|odds',
    // Whether something stops the event: 'do armbands stop drowning'.
    'stop|stops drown*|chok*|burn*|scald*',
    // What a step of care is meant to prevent: 'a vest so he doesn't overheat', 'so that she won't choke'.
    'so +that +@kid|he|she|they|it @neg overheat*|chok*|burn*|scald*|fall|drown*|suffocat*|hurt|roll|breathe|inhale',
    'so +@kid|he|she|they|it @neg overheat*|chok*|burn*|scald*|fall|drown*|suffocat*|hurt|roll|breathe|inhale',
    'so +@kid|he|she|they|it @neg get|gets hot|cold|burnt|burned|sunburnt|sunburned|dehydrated',
    'be she|he|that|it|this right|true',
    '@medicine to stop|prevent|avoid|bring',
    // Whether a medicine stops something ('does giving calpol stop febrile convulsions'), as whether armbands stop drowning.
    '@medicine +stop|stops|prevent|prevents',
    // A class as a noun ('a first aid class'), not the verb ('is that classed as a fever').
    'course|courses|classes|training',
    "a|the|my|our|his|her|their|'s|in|aid|swimming|baby|antenatal +class",
    'tips|ideas|recommend*|advice',
    'plan|plans|policy|leaflet|poster|kit|awareness',
    'first aid',
    'same thing|as',
    'how stop|keep|prevent @kid',
    'explain|books|book|story|stories',
    'causes|cause|common|difference|differences',
    'different|differ from|to|than',
    'versus|vs',
    'compared to|with',
    'learn|learning|learnt|learned|practise|practice|practising|practicing|refresher',
    'next week|month|year|time',
    // The course of a condition over years: 'might stop as he gets older', 'when she's bigger'.
    'as|when|once +@kid|he|she|they get|gets|grow|grows|be|is|are older|bigger',
    'paranoid|nervous|curious|wonder*',
    // A fear of doing something is not having done it: 'scared of giving the wrong dose'.
    'scared|afraid|worried|terrified|nervous|worry of|about giving|getting|making|doing|mixing|using',
    'could|would|might it',
  ],
  /**
   * Asking how to do something, or to be shown ('how to', 'walk me through using an EpiPen'): what
   * the lesson is about is no event. Read within its clause only (evidence.ts), so "walk me
   * through CPR, my baby isn't breathing" still tells of the baby.
   */
  lesson: [
    'how do|can|should you|we',
    'how to',
    'walk|talk|take|run me|us through',
    'show|teach me|us how',
    // How the parent is to use or give a treatment: 'how do I use an auto-injector'.
    'how do|can|should|would i +use|give|inject|administer',
  ],
  uncertain: ['tell|sure|know|unsure|check|see|wonder if|whether'],
  /** The parent's own childhood, told as background to a question about their child. */
  ownChildhood: [
    'grew|grow|growing up',
    'childhood',
    'when i was little|young|small|kid|child|younger|teen|teenager',
    // The parent's age then, a child's or a teenager's ("when I was 15"; round 20): an adult's age is not childhood.
    'when i was 5|6|7|8|9|10|11|12|13|14|15|16|17|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen',
    'my|our parents|parent',
    'as teen|teenager',
  ],
  past: [
    'last year|month|week|winter|summer|spring|autumn|christmas|weekend|time|term|semester|holiday|holidays',
    'day|days|week|weeks|month|months|year|years ago',
    'yesterday',
    'used to',
    'previously',
    'in past',
    'when he|she|they|i was|were little|baby|younger|born|smaller',
    'on|last monday|tuesday|wednesday|thursday|friday|saturday|sunday',
    'history of',
    'as kid|child|baby|teenager|teen',
    'when @kid|he|she|they|i was|were',
    'in|last|back january|february|march|april|june|july|august|september|october|november|december',
    // An age the child was: 'had a fever at 6 weeks'.
    'at @count day|days|week|weeks|month|months|year|years',
  ],
  /**
   * A time told as over and done with, not merely earlier: a habit that ended ('used to'), 'back
   * then', 'in her past', years ago. Thoughts of harm told this way are history; told yesterday, they are not.
   */
  history: ['used to', 'back then', 'in past', 'year|years ago', 'history of'],
  present: [
    'now|rn|currently|again|another|today|tonight|keeps|keeping',
    'right now',
    'this morning|afternoon|evening',
    'minute|minutes|mins|min|hour ago',
    // "No wee since yesterday" goes on until now.
    'since yesterday|last|this',
  ],
  resolved: [
    'fine now|since|after|afterwards|straight|then',
    'totally|completely|absolutely|perfectly|otherwise fine|normal|ok|okay|well',
    'back to normal|playing|play|sleep|sleeping|bed|eating|nursery|school|toys|game|games',
    // A child told as themselves again (round 21): 'back to his usual self', 'back to herself'. ('Herself again'
    // was tried: 'again' tells the story going on to worse (the worsening frame), which undoes any resolution.)
    'back to usual|normal|old|own|cheeky|happy|smiley self',
    'back to himself|herself|themselves',
    // A doctor's or nurse's word that it is normal, after they saw it.
    'gp|doctor|doctors|dr|nurse|paediatrician|pediatrician|hv|visitor|midwife|consultant|specialist say*|said|told|reassur* normal|fine|nothing|harmless|reflex',
    'doing|done well|better|great',
    'normal since',
    // Nothing more since it (round 21): 'one fit at 3, nothing since', 'none since'.
    'nothing|none +since',
    'playing|pooing|eating|sleeping|breathing normally|happily|fine',
    'gone now',
    'went away',
    'went in hour|minutes|minute|while|day',
    'stop|stops|stopped after|itself|quickly|in|within|own',
    'stopped|stops with',
    'settled|eased|easing|calmed|cleared|stopped now|down|since|completely',
    // An outcome told as over: it stopped, settled or healed ("bled a lot then stopped", "blistered
    // and healed fine"); a stop read only at the end of its clause (evidence.ts).
    'then|eventually|finally|soon|and +stopped|settled|cleared|eased|healed',
    'healed|heal fine|well|up|nicely|completely|quickly|ok|okay|over',
    'has|have|had|was|is +healed',
    'carried on',
    'came out',
    'was|is|seems|seemed|seem fine',
    // A condition kept under control: 'her seizures are well controlled', 'under control on his meds'.
    'well|under|fully|good controlled|control|managed',
    'came|come|comes|popped|bobbed up laughing|giggling|smiling|fine|happy|ok',
  ],
  /**
   * A verdict that it is harmless or nothing to worry about, from someone whose work it is to judge
   * (a doctor, a poisons line, a pharmacist): set by evidence.ts from the sentence's shape, no phrases.
   */
  cleared: [],
  /** A burn told as small and only sore or red: NHS guidance sends a burn to A&E for blisters, white or charred skin, size, or its cause. */
  minor: ['little|bit|slightly|slight|small|tiny|minor|mild sore|red|pink|mark|redness|sting*'],
  /** An object that has come out again: it can no longer harm, whatever else the rule fears. */
  expelled: [
    'came|come|comes out',
    'pooed|pooped|passed|spat|spit|coughed|cough|sicked|vomited it|them up|out',
    // In the child's nappy, however the child is named ("in my toddler's nappy", round 26).
    'in nappy|poo|poop|stool|nappies',
    'found it|them',
  ],
  worsening: ['but|and +now', 'now @kid|he|she|they|it|his|her|be', 'again', 'worse|worsening', 'hours|minutes|mins|while|day later'],
  /** The story told on to now with the person first ("she's now twitchy"): what comes after reaches back to all told before, as worsening does. */
  turnsToNow: ['@kid|he|she|they|it be|has|have +now'],
  /** A change told as it happens: what a setting would explain ("asleep", "not listening") has turned into something else. */
  suddenChange: ['but|and +now', 'suddenly', 'all of sudden', 'than normal|usual|before', 'mid sentence|sentences|conversation|meal|feed'],
  /** The parent is caring for the child, whoever's it is: "I'm minding my niece". */
  inMyCare: ['look|looking|looked after', 'minding|babysit*|childmind*', 'at our|my house|home|place'],
  /** The story turning to the child, now: "Now he's wheezing". */
  childNow: ['but|and +now', 'now @kid|he|she|they|his|her', 'worse|worsening'],
  otherChild: [
    'friend|friends|neighbour|neighbours|neighbor|neighbors|sister|sisters|brother|brothers|cousin|cousins|someone|colleague baby|son|daughter|child|kid|kids|boy|girl|toddler',
    'nephew|niece|classmate|classmates',
    // A child known through the parent's own child: 'a girl in my daughter's class', 'a boy on his team'.
    'a|another|one +girl|boy|child|kid|lad|lass|teen|teenager in|at|from|on class|school|nursery|team|year|group|club|form|street|estate',
    'news|article|documentary',
    // News and stories read or heard of: 'I read a baby drowned in one'.
    'heard about|that|somewhere|online',
    'read about|that|a|an|somewhere|online',
  ],
  /** A topic a parent means to explain or talk over with a child: what is said is the subject, not an event. */
  topic: [
    // A programme, book or article about something names its subject, not an event at home.
    'documentary|programme|program|show|podcast|article|book|film|episode|news|story|assembly about|on',
    // A talk given is a topic; a child who refuses to talk about it tells of a silence (round 24).
    'a|the|school +talk|talks about|on',
    'explain* it|this|that|suicide|death|self', 'explain* to @kid|teen|teenager|teenagers', 'talk|speak|chat to @kid|teen|teenager|teenagers|class about', 'overheard|overhear*'],
  joke: ['lol|lmao|haha*|hehe*|jk|rofl|lolz'],
  fiction: [
    'pretend*|painted|marker|crayon|costume|film|movie|cartoon',
    // Blood or a wound called fake is a costume's or a show's (round 27).
    'fake|faux|stage|halloween +blood|wound|wounds|cut|cuts|injury|injuries|bruise|bruises|scar|scars|vomit|sick',
    'face paint|painting',
    // Marks made with a pen, as with a marker or a crayon (round 19: spots drawn in felt tip).
    'felt +tip|tips|tipped',
    'sharpie|sharpies|biro|biros|highlighter|highlighters',
    'dress up',
    // A character in a story, or a story with one: what happens to a character happens in it.
    'character|characters on|in|from show|programme|program|series|soap|drama|book|novel|tv|telly|television|game',
    'show|programme|program|series|soap|drama|book|novel|tv|telly|television|game with|where|about character|characters',
    // A story's noun followed by the writer watching or reading it: 'the show I was watching', 'the series we're reading' (round 29).
    'show|programme|program|series|soap|drama|episode|documentary|book|novel +i|we +was|were|am|are|have|had|been +watching|watched|reading|read|seen',
    // Where the event happens: 'in the drama last night', 'on the show', and with words before the story's
    // noun that say what kind it is ('in the TV show', 'on a hospital drama'; round 19).
    'in|on +the|a|an|this|that|last drama|film|movie|show|programme|program|series|soap|episode|book|story|novel|cartoon|musical|panto|pantomime',
  ],
  benign: [
    'nap|naps|napping|asleep|sleep|sleeps|sleeping|sleeper|bedtime|tired|tiredness|exhausted|exhaustion',
    // Falling asleep, in other words.
    'drift*|nod* off',
    'doze|dozes|dozed|dozing',
    'in time',
    ...WILFUL,
    'relax*|cuddle*|love|giggl*|laugh*|excite*|excited|happy|happily',
    'ask|asks|asked|asking|talk|talks|talking about',
    'tone|physio*|exercise*|therapy|therapist|stim*|flap*',
    // A baby's normal reflexes: the startle (Moro) reflex, hiccups, shivering.
    'reflex|reflexes|startle*|moro|hiccup*|shiver*',
    // Waking part way out of deep sleep (round 20): a child who sleepwalks, or is in a night terror
    // or a confused arousal, looks awake and does not answer; 'sleep' alone did not name these.
    'sleepwalk*|sleeptalk*|nightmare*',
    'sleep walk*|talk*',
    'night terror|terrors|fright|frights',
    'confus* arousal|arousals',
  ],
  /** A tantrum or a protest: a child who goes limp or floppy in one is doing it, however often it is said. */
  wilful: WILFUL,
  /** Not paying attention: it explains a child who does not answer, never one who jerks or stops breathing. */
  inattentive: ['hearing|ears|listen*|selective|attention|zone*|daydream*|name'],
} satisfies Record<string, string[]>;

/** Idioms made of cue words: their words are not cues ('choking back tears', 'burnt out'). */
const idiomRaw = [
  'chok* back|up',
  'choking|choke hazard|hazards|risk|risks',
  // An emergency's name as the first word of a compound names a programme, record or service
  // about it ('a seizure diary', 'a self-harm awareness talk'), not an event.
  `${NAMED_EMERGENCY} +${PROGRAMME}`,
  `self +harm* +${PROGRAMME}`,
  // The same name before a thing made or measured against it: 'choking-size parts', 'drowning vests'.
  `${NAMED_EMERGENCY}|choke|drown|scald|scalds +${PRODUCT}`,
  // What is 'anti' an emergency is a thing against it ('anti-choking devices', 'anti-scald plugs'), not the emergency.
  'anti +chok*|drown*|scald*|burn*|seizure*|poison*|allerg*|suffocat*|strangl*|bleed*',
  'killing|kills|kill me',
  'kill* myself|yourself|ourselves doing|trying|working|with|to|for',
  // "Killing myself laughing": laughing hard (round 23).
  'kill* myself|yourself|ourselves|themselves +laugh*|laughing',
  'bleed* money|dry',
  'heart bleed*',
  'burn*|burnt out',
  // A burn word for a feeling (round 21): burning with shame or anger, ears burning when talked about.
  'burn*|burning +with shame|embarrassment|anger|rage|fury|jealousy|envy|guilt|curiosity|frustration|resentment',
  'ears +burn*|burning',
  'dying|die for|to|of',
  // Coming back is a return ("keeps coming back every winter"), not blood still coming.
  'come|comes|coming|came back',
  'fit|fits of|in',
  // Thrown only as a figure of speech (round 22 addendum: "threw a look at me" read as a thing thrown at the writer).
  'throw*|threw|throwing fit|fits|tantrum|tantrums|wobbly|strop|look|looks|glance|glances|party|parties|shade|kiss|kisses|smile|wink',
  // A thing thrown to someone to catch ("threw his keys at me to catch", "... and I caught it") is passed, not aimed (round 22 addendum).
  `${THROW} !x at|to ${HARMED} catch|catches|catching|caught`,
  // A fit called total or hissy is an outburst of temper.
  'absolute|total|complete|hissy fit|fits',
  'swallow* pride',
  // Refusing to eat or drink something is not having it ("now refuses to eat apples").
  'refus* to +eat|drink|swallow|take|touch',
  // An apology for asking ("sorry if this is silly") is politeness, not a supposition about what is told.
  'sorry|apologies|apologise|apologize|forgive|excuse +if',
  // A smoke alarm or detector is a device, not smoke breathed in.
  'smoke alarm|alarms|detector|detectors|machine',
  'poisoned against',
  'fell|fall|falls|falling|fallen asleep|love',
  'fell|fall|falls|falling|fallen out with',
  'car|travel|motion|sea sick',
  'sick of',
  'sick and tired',
  // How often, not how much: 'she gets them a lot'.
  'get|gets|getting|had|has|have them|these|those +a +lot',
  'drown* in !@water',
  // A lump named by a food's shape ("a big egg on his forehead") is a swelling, not the food (round 23).
  'egg|eggs on head|forehead|brow|temple|skull|face',
  'egg|eggs shaped|sized|size',
  'size of egg|eggs',
  'food poisoning',
  'cabin fever',
  'blue in face',
  'out of breath',
  'hold*|held breath',
  'drop* off sleep|asleep',
  'collapse* laughing|laughter|giggles|tears|heap',
  'in stitches',
  'my|our heart stop*|skip*|sank|sink*|rac*|pound*|miss*',
  'hit* roof|ceiling',
  'touch* base',
  'blood test|tests|pressure|sugar',
  'knocked out tiredness|exhaustion',
  // A blocked nose, not an airway: "can't breathe through her nose".
  'breathe|breath|breathing through nose',
  'chok* on words|tears|emotion|emotions',
  'long story',
  // A chore or a thing that will 'give me a seizure' or 'a heart attack' is exasperation (round 26), said of the writer.
  'give|gives|giving|gave|given me|us +a +seizure|fit|stroke|heart',
  // Under cool or running water, or under the tap or the shower, is a burn being cooled, as its first aid says (round 26), not a child gone under.
  'under +cool|lukewarm|running|tap +water|tap|shower',
  'under +the +cool|lukewarm|running +water|tap|shower',
  'under +the +tap|shower',
  // What a pet ate or chewed is the pet's ("the dog ate a sock", round 26), not the child's: the eater straight before the verb.
  'dog|dogs|cat|cats|puppy|puppies|kitten|kittens|pet|pets|hamster|rabbit|guinea +ate|eaten|eats|eating|swallowed|swallows|chewed|chews|drank|licked',
  // Abusing or attacking a pet, a toy or food is play or a joke about it.
  'abus*|attack*|tortur*|assault* +the|my|our|his|her +cat|cats|dog|dogs|pet|pets|puppy|kitten|hamster|rabbit|toy|toys|teddy|food|dinner',
  // Unresponsive to what is said or asked ('to texts', 'to anything I say') is not listening; to a
  // voice, a name, a touch or pain, the checks a first-aid course teaches, it is a sign.
  'unresponsive +to !voice|name|call*|shout*|touch*|pain|shak*|pinch*|rub*|tickl*|prod*|poke*|splash*|water|sound|sounds|noise|noises|light|stimul*|me|us|anything|everything|anyone',
  // A device gone unresponsive or frozen ("the tracker app has gone unresponsive") is the device, not a child (round 23),
  // with the device's word straight before its verb, so "on the monitor she is unresponsive" still tells of her.
  `${DEVICE} +has|is|was|keeps|kept|went|goes|gone|going|seems|became|becomes|just unresponsive|frozen|froze|crashed`,
  `${DEVICE} +unresponsive`,
  // A pot, tray or stand named by the plant it holds is no plant eaten ("soil from the plant pot", round 23).
  'plant|plants +pot|pots|tray|trays|saucer|saucers|stand|stands|shelf|box|boxes|bed|beds',
  // Moving about or around is getting about (crawling, shuffling), not a sign: 'not moving about on the floor yet'.
  'mov*|moving +about|around',
  // Not answering texts, calls or messages is being out of touch, not a sign.
  'respond*|react*|answer*|repl* text|texts|message|messages|call|calls|email|emails|phone|dm|dms|chat|chats',
  // Burning food is cooking: 'burnt the toast', 'burned our dinner'.
  'burn|burns|burnt|burned|burning +the|my|our|his|her +dinner|tea|toast|food|rice|pan|pot|lunch|breakfast|supper|cake|meal|sauce|bacon|chips|pizza|bread|biscuits|cookies|porridge|sausages|onions|pasta|soup|eggs|roast|tray',
  // Eating, drinking and playing together are how a parent says a child is well.
  'eat*|ate|drink*|drank|feed*|fed and|or play*|eat*|drink*|sleep*|feed*',
];

export type ConceptName = keyof typeof raw;
export type FrameName = keyof typeof frameRaw;

/** A phrase written '~a b' says a thing and how it is, which English puts in either order ("deep cut", "cut very deep"). */
const eitherOrder = (phrase: string) => (phrase.startsWith('~') ? [phrase.slice(1), phrase.slice(1).split(' ').reverse().join(' ')] : [phrase]);
const compile = (phrases: string[]) => phrases.flatMap(eitherOrder).map(expand);
export const concepts = Object.fromEntries(Object.entries(raw).map(([name, phrases]) => [name, compile(phrases)])) as Record<ConceptName, string[]>;
export const frames = Object.fromEntries(Object.entries(frameRaw).map(([name, phrases]) => [name, compile(phrases)])) as Record<FrameName, string[]>;
export const idioms = compile(idiomRaw);
export const ADULT_WORDS = new Set(macros.adult!.split('|'));
export const CHILD_WORDS = new Set(macros.kid!.split('|'));
