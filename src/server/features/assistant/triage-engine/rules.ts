/**
 * Which combinations of cues mean which urgent situation, and the brief steps for each. Rules
 * are tried in order, most specific first: drowning before 'not breathing', an allergic
 * reaction before 'struggling to breathe', so the steps fit what happened.
 */
import type { EvidenceRule, Heed } from './evidence';

export type TriageCategory =
  | 'self-harm'
  | 'abuse'
  | 'drowning'
  | 'choking'
  | 'allergic-reaction'
  | 'poisoning'
  | 'medication-dose'
  | 'swallowed-object'
  | 'head-injury-vomiting'
  | 'burns'
  | 'severe-bleeding'
  | 'meningitis-rash'
  | 'seizure'
  | 'infant-fever'
  | 'unresponsive'
  | 'not-breathing'
  | 'dose-question';

/** emergency: call now; crisis: immediate human help; referral: ask a professional. */
export type TriageLevel = 'emergency' | 'crisis' | 'referral';

export interface TriageRule extends EvidenceRule {
  category: TriageCategory;
  level: TriageLevel;
  steps: string[];
  /** Knowledge-base articles worth reading once the child is safe. */
  relatedSlugs?: string[];
}

const ALL_FRAMES: Heed[] = ['hypothetical', 'past', 'ownChildhood', 'resolved', 'cleared', 'otherChild', 'joke', 'fiction'];
// Batteries, magnets, poisons and medicines can harm hours later in a child who seems well, so
// "he seems fine" does not make them ordinary.
// A verdict of harmless from someone whose work it is to judge (a poisons line, a doctor) is comfort.
const SEEMING_WELL_IS_NO_COMFORT: Heed[] = ['hypothetical', 'past', 'ownChildhood', 'cleared', 'otherChild', 'joke', 'fiction'];

export const rules: TriageRule[] = [
  {
    category: 'self-harm',
    level: 'crisis',
    // Thoughts of harm are a crisis however they are put, even as 'what if'.
    // A topic the parent means to explain to a child is not their own thought, and harm that
    // is over ("self-harmed in the past but has been doing well") is history, unless a 'but' follows;
    // so is harm told as a time over and done with ('used to', 'back then', 'years ago'), unless the
    // sentence tells something happening now.
    heeds: ['joke', 'fiction', 'topic', 'resolved', 'ownChildhood', 'history'],
    evidence: [
      ['selfHarm'],
      ['harmThoughts'],
      ['overdoseTaken'],
      ['foundCollapsed', 'substance'],
      ['manyTaken', 'distress'],
      // Many tablets taken after a quarrel or a loss, by anyone: taken on purpose.
      ['tookMany', 'conflict'],
      // Many tablets swallowed by a teenager, whatever she says of it: an overdose, and the crisis line with the emergency (round 32).
      ['teenTookMany'],
      // Blades kept hidden, with cuts on the child.
      ['hiddenBlades', 'hiddenCuts'],
      // Hurting oneself by any means, told as meant ("burnt herself on purpose"): self-harm, not an accident.
      ['selfInjury', 'deliberate'],
      // Means stockpiled or hidden, with how to die looked up or asked after.
      ['stockpile', 'lethalQuery'],
      ['stockpile', 'neverWake'],
      ['searched', 'lethalQuery'],
      // Wounding wrists, forearms or thighs with something sharp, or while saying nobody loves them.
      ['selfWounding', 'sharpObject'],
      ['selfWounding', 'unloved'],
      // A teenager's or the writer's own wound of the kind, not told as an accident, bleeding heavily (round 33).
      ['ownWounding', 'heavyBleeding'],
      ['ownWounding', 'seriousWound'],
      ['ownWounding', 'bleedingThrough'],
      ['hopeless', 'means'],
      ['means', 'takeAll'],
      ['decision', 'endIt'],
      ['lowMood', 'planIt'],
      // A goodbye sent, with the person then out of reach.
      ['farewell', 'unreachable'],
      // A goodbye with an apology or a fear, the person then not answering or not where they should be (round 33).
      ['farewell', 'outOfTouch', 'distress'],
      // Thoughts of jumping, with a height at hand.
      ['jumpThought', 'height'],
    ],
    aboutParent: ['overdoseTaken', 'manyTaken'],
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
    // Abuse in the past is still abuse, but not the parent's own childhood told as background.
    heeds: ['hypothetical', 'ownChildhood', 'joke', 'fiction', 'topic'],
    excludes: ['lightSmack'],
    evidence: [
      ['adultHarm'],
      ['seizedChild', 'takenAway'],
      ['heldAgainstWill', 'stranger'],
      ['sexualAbuse'],
      ['secret', 'touched'],
      ['adult', 'nightVisits', 'atNight'],
      ['danger'],
      ['adult', 'violence', 'fear'],
      ['adult', 'violence', 'injuryMark'],
      ['adult', 'violence', 'injury'],
      // Violence by an adult other than the parent that draws blood (round 30: a relative's slap, the nose bleeding).
      ['adultViolence', 'bleeding'],
      // Punishment with an implement that left marks or blood.
      ['adult', 'punishment', 'injuryMark'],
      ['adult', 'punishment', 'bleeding'],
      // Grooming: an adult met online, or a stranger, asking for pictures, a meeting or secrecy.
      ['groomer', 'groomingAsk'],
      ['adult', 'disclosure', 'touched'],
      ['adult', 'disclosure', 'injuryMark'],
      // The child saying an adult did the injury or the burn (round 33). Not a bleed alone: "says his dad did it, the cut
      // from the bread knife while making lunch" is an accident told with the same words.
      ['blamesAdult', 'injury'],
      ['blamesAdult', 'burn'],
      ['babyShaken'],
      // Another adult saying they will hurt the children (round 24: read as the parent's own thought, self-harm).
      ['adultThreat'],
      // An injury in the child's underwear, after time with an adult, that the child will not explain (round 24).
      ['adult', 'intimateInjury', 'refusesToSay'],
      // An adult threatening, shouting, to kill a child.
      ['adult', 'killThreat', 'shouting'],
      ['parentHarm', 'lostControl'],
      ['parentHarm', 'injuryMark'],
      ['parentHarm', 'bleeding'],
      // A bruise or mark on a baby who cannot yet roll or crawl, or under 3 months, that nobody can account for.
      ['injuryMark', 'notMobile', 'unexplained'],
      ['injuryMark', 'youngBaby', 'unexplained'],
      // Injuries whose pattern points to harm (round 22): a round or cigarette burn with a bruise, or that nobody
      // can explain; a bruise on the ears, the neck or the bottom, or in the shape of fingertips, with a burn, with
      // nobody able to explain it, or on a baby under 3 months or not yet moving about.
      ['patternedBurn', 'injuryMark'],
      ['patternedBurn', 'unexplained'],
      ['protectedBruise', 'burn'],
      ['protectedBruise', 'unexplained'],
      ['protectedBruise', 'youngBaby'],
      ['protectedBruise', 'notMobile'],
    ],
    steps: [
      'If you can, get yourself and your children to a safe place.',
      'You can talk in confidence: in the US, the Childhelp hotline 1-800-422-4453 or the National Domestic Violence Hotline 1-800-799-7233; in the UK, the NSPCC on 0808 800 5000 or the National Domestic Abuse Helpline on 0808 2000 247.',
      'If a child is hurt, have a doctor check them and tell the doctor what happened.',
      'Write down what you saw and when, and keep it somewhere safe.',
    ],
  },
  {
    category: 'drowning',
    level: 'emergency',
    heeds: ALL_FRAMES,
    evidence: [['drowned'], ['water', 'underWater']],
    steps: [
      'Get them out of the water, keeping yourself safe, and lay them on their back on a firm surface.',
      "If they are not breathing normally, give 5 rescue breaths, then start CPR and follow the call handler's instructions.",
      'If they are breathing, take off wet clothes, keep them warm, lie them on their side and stay with them.',
      'Even if they seem to recover, a child who went under and is coughing, sleepy or breathing fast must be checked in hospital today.',
    ],
  },
  {
    category: 'choking',
    level: 'emergency',
    heeds: ALL_FRAMES,
    evidence: [
      ['choking'],
      ['stuckInThroat'],
      ['intoAirway', 'airwaySign'],
      ['silent', 'inMouth'],
      ['gagging', 'notBreathing'],
      ['inhaled', 'notBreathing'],
      ['eating', 'inhaled', 'persistentCough'],
      // A high noise on each breath in, with a food or a small thing in the mouth: the airway partly blocked (round 24).
      ['inhaled', 'stridor'],
      ['backBlows'],
    ],
    steps: [
      'If they can cough, cry or talk, encourage them to keep coughing and stay right with them.',
      'If they cannot cough, cry or breathe: for a baby under 1, lay them face down along your forearm or thigh, head lower than the body, and give up to 5 firm back blows between the shoulder blades; then up to 5 chest thrusts with two fingers in the centre of the chest.',
      'For a child over 1, give up to 5 back blows, then up to 5 abdominal thrusts (quick inward and upward pulls just above the belly button).',
      "Don't sweep blindly in their mouth; only remove an object you can clearly see and easily reach.",
      "If they become unresponsive, start CPR and follow the call handler's instructions.",
    ],
  },
  {
    category: 'allergic-reaction',
    level: 'emergency',
    heeds: ALL_FRAMES,
    evidence: [
      ['airwaySwelling'],
      ['throatTight'],
      ['anaphylaxis'],
      ['allergyTrigger', 'allergySign'],
      ['allergyTrigger', 'eyeSwelling'],
      ['hives', 'allergySign'],
      ['hives', 'eyeSwelling'],
      // 'The pen' used beside an allergy is the adrenaline auto-injector (round 28).
      ['allergyTrigger', 'penUsed'],
    ],
    steps: [
      'If they have an adrenaline auto-injector (such as an EpiPen), use it now, into the outer thigh, as you were shown.',
      'Lie them down with their legs raised; if breathing is hard, let them sit up instead. Do not let them stand or walk.',
      'If they are no better after 5 minutes and there is a second auto-injector, use it.',
      'Stay with them, and tell the call handler what they ate or touched.',
    ],
  },
  {
    category: 'poisoning',
    level: 'emergency',
    heeds: SEEMING_WELL_IS_NO_COMFORT,
    evidence: [
      ['ingest', 'substance'],
      ['access', 'substance'],
      ['poisoned'],
      ['ingest', 'poisonStore'],
      ['access', 'poisonStore'],
      // A household poisoned by the air, known from signs several of them share, no poison named (round 23).
      ['householdFumes'],
    ],
    excludes: ['ownMedicine'],
    steps: [
      'If they are drowsy, fitting, or struggling to breathe, tell the call handler straight away. In the US you can also call Poison Help on 1-800-222-1222.',
      "Take anything left out of their mouth. Don't try to make them sick, and don't give food or drink unless you are told to.",
      'If a chemical is on their skin or in their eyes, rinse it with lots of lukewarm water.',
      'Keep the packet or bottle with you, so you can say exactly what it was and how much may be gone.',
    ],
  },
  {
    category: 'medication-dose',
    level: 'emergency',
    heeds: SEEMING_WELL_IS_NO_COMFORT,
    evidence: [
      ['given', 'medicationError', 'medicine'],
      ['given', 'adultOnlyMedicine'],
      ['given', 'wrongDose'],
      // A dose measured with a kitchen or table spoon, and signs of too much since.
      ['householdSpoon', 'medicine', 'doseReaction'],
      // Ten or more tablets taken by a child, for whatever reason (round 24).
      ['tabletsCounted'],
      // More than the dose the label, the leaflet or the prescription states, given: a measure filled twice, a bigger one (round 30).
      ['overStatedDose'],
    ],
    steps: [
      'Too much of a medicine, or the wrong one, can harm hours later even when a child seems well. In the US you can also call Poison Help on 1-800-222-1222.',
      "Don't give any more medicine, and don't try to make them sick.",
      'Have the packet or bottle with you, so you can say what was given, how much and when.',
      'If they become drowsy, hard to wake or struggle to breathe, tell the call handler straight away.',
    ],
  },
  {
    category: 'swallowed-object',
    level: 'emergency',
    // An object that has come out again is no longer inside.
    heeds: [...SEEMING_WELL_IS_NO_COMFORT, 'expelled'],
    evidence: [
      ['ingest', 'object'],
      ['batteryOrMagnet', 'missingObject'],
      ['batteryOrMagnet', 'access'],
      ['batteryOrMagnet', 'swallowSign'],
      ['batteryOrMagnet', 'inNoseOrEar'],
      // Something swallowed, then a swollen or hard belly and vomiting: stuck further down.
      ['ingest', 'bellySwollen', 'vomiting'],
    ],
    excludes: ['ownObject'],
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
    heeds: ALL_FRAMES,
    evidence: [
      ['headKnock', 'headWarning'],
      ['fall', 'headWarning'],
    ],
    // A fall with a limb cut deep and pumping, and the child dizzy: the bleed is the emergency (round 24).
    bleedExplains: ['headWarning'],
    // Vomiting and drowsiness can begin hours after the knock, the child seeming well meanwhile (round 31).
    signsComeLate: ['headWarning'],
    steps: [
      'Keep them still and calm, and stay with them.',
      'If they are drowsy but breathing, lie them on their side; do not leave them alone.',
      "Don't give food, drink or medicines until a doctor has seen them.",
      'Tell the call handler how they fell and how many times they have been sick.',
    ],
    relatedSlugs: ['bumps-and-falls'],
  },
  {
    category: 'burns',
    level: 'emergency',
    heeds: [...ALL_FRAMES, 'minor'],
    deniedBy: ['burn'],
    excludes: ['ownBody'],
    evidence: [
      ['burn', 'burnDamage'],
      ['burn', 'burnSite'],
      ['burn', 'burnCause'],
      ['clothesOnFire'],
      ['heatSource', 'burnDamage'],
      ['heatSource', 'contact'],
      // A burn told by what it looks like, with no cause the vocabulary knows: blistered and charred, or blistered and black in places.
      ['burnDamage', 'deepBurn'],
      // Smoke breathed in, with its signs: a burn to the airway, with no burn on the skin.
      ['smoke', 'smokeSign'],
    ],
    steps: [
      "Cool the burn under cool or lukewarm running water for 20 minutes. Don't use ice, creams or butter.",
      "Take off clothing and jewellery near the burn, unless it is stuck to the skin.",
      'Once cooled, cover it loosely with cling film or a clean plastic bag, and keep the rest of your child warm.',
      'For a chemical, brush off any powder and rinse with plenty of water; for an electrical burn, switch off the power before you touch them.',
    ],
  },
  {
    category: 'severe-bleeding',
    level: 'emergency',
    heeds: ALL_FRAMES,
    // A split or a gash that pours is a bleed, told without the word 'blood' (round 24).
    evidence: [['bleeding', 'heavyBleeding'], ['bleedingThrough'], ['filledWithBlood'], ['seriousWound'], ['flow', 'pressure'], ['openWound', 'flow'], ['internalBleeding']],
    steps: [
      'Press firmly on the wound with a clean pad or cloth, or your hand, and keep pressing.',
      "If blood soaks through, put another pad on top and keep pressing; don't lift it to look.",
      'If something is stuck in the wound, leave it in and press around it.',
      'If they are pale, cold or drowsy, lay them down, raise their legs and keep them warm.',
    ],
  },
  {
    category: 'meningitis-rash',
    level: 'emergency',
    heeds: ALL_FRAMES,
    evidence: [
      ['rash', 'nonBlanching', 'pressGlass'],
      ['nonBlanchingTest'],
      ['purpleSpots', 'fever'],
      ['purpleSpots', 'feverReading'],
      ['purpleSpots', 'unwell'],
      ['stiffNeck', 'fever'],
      ['stiffNeck', 'feverReading'],
      ['stiffNeck', 'lightHurts'],
      ['stiffNeck', 'rash'],
      // Neck stiffness told as what happens: it hurts when the neck is moved, with a fever.
      ['neckMoved', 'painReaction', 'fever'],
      ['neckMoved', 'painReaction', 'feverReading'],
    ],
    steps: [
      "A rash that doesn't fade under a pressed glass, or a fever with a stiff neck, needs help now: don't wait for more spots to appear.",
      'Tell the call handler about the rash, the temperature and how your child is behaving.',
      'Stay with them and keep offering small drinks.',
      'If they become hard to wake, floppy or struggle to breathe, tell the call handler straight away.',
    ],
    relatedSlugs: ['fever-in-children'],
  },
  {
    category: 'seizure',
    level: 'emergency',
    heeds: ALL_FRAMES,
    explainedBy: ['benign'],
    evidence: [['seizure'], ['jerking', 'jerkingPattern'], ['jerking', 'lasting'], ['jerking', 'recurring']],
    steps: [
      'Stay with them and note the time it started.',
      'Move anything hard or sharp away, and put something soft under their head if you can.',
      "Don't hold them down, and don't put anything in their mouth.",
      'When the jerking stops, roll them onto their side and check they are breathing.',
    ],
  },
  {
    category: 'infant-fever',
    level: 'emergency',
    heeds: ALL_FRAMES,
    evidence: [
      ['youngBaby', 'fever'],
      ['youngBaby', 'feverReading'],
      ['youngBaby', 'feelsHot'],
      ['fever', 'feverWarning'],
      ['feverReading', 'feverWarning'],
    ],
    steps: [
      'A baby under 3 months with a temperature of 38°C (100.4°F) or more needs to be seen by a doctor urgently, even if they seem well; so does a child of any age with a fever who is floppy, hard to wake, breathing fast or not weeing.',
      'Keep offering feeds or drinks, and dress them in light layers.',
      "Don't give fever medicine to a baby under 3 months unless a doctor has told you to, and don't cool them with cold water.",
    ],
    relatedSlugs: ['fever-in-children'],
  },
  {
    category: 'unresponsive',
    level: 'emergency',
    heeds: ALL_FRAMES,
    explainedBy: ['benign', 'inattentive'],
    evidence: [['unresponsive'], ['noResponse'], ['rousingFails']],
    steps: [
      'Check whether they are breathing: look for the chest moving, and listen and feel for breath at their mouth.',
      'If they are breathing, lie them on their side with the head tilted back slightly, and stay with them.',
      "If they are not breathing, start CPR and follow the call handler's instructions.",
    ],
  },
  {
    category: 'not-breathing',
    level: 'emergency',
    heeds: ALL_FRAMES,
    explainedBy: ['benign'],
    // A severe asthma attack, by any of its ambulance signs beside a wheeze or a reliever (round 25).
    evidence: [['notBreathing'], ['asthmaSevere'], ['asthma', 'breathlessSpeech'], ['asthma', 'lipColour']],
    steps: [
      'Put the phone on speaker and stay with your child.',
      'Lay them on their back on a firm surface and look in their mouth; remove anything you can clearly see.',
      'If they are not breathing normally, the call handler will talk you through rescue breaths and CPR: follow their instructions until help arrives.',
    ],
  },
  {
    category: 'dose-question',
    level: 'referral',
    heeds: ['joke'],
    evidence: [['doseQuestion', 'medicine']],
    steps: [],
    relatedSlugs: ['fever-in-children'],
  },
];
