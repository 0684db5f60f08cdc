import type { FactKind } from '../../../../shared/facts/index.ts'
import type { Language } from '../../../../shared/limits.ts'
import type { Tensed } from './guided-interviewer.ts'

/**
 * What Ana says in guided mode, when no AI model is configured: a fixed interview about one
 * relative of the person signed in, one question at a time, theme by theme. `{name}` stands for
 * the relative's first name. Spanish is neutral Latin American with «tú»; French uses «vous» and
 * a no-break space before ? ! : ; as the web locales do.
 *
 * A text whose grammar depends on whether the relative is alive («¿A qué se dedica…?» or «¿A qué
 * se dedicaba…?») has a living and a deceased form; a plain string reads well either way.
 *
 * Questions never assume a partner, children, schooling or a religion, nor how old the relative
 * is next to the person. The relative may be anyone, so no word agrees with them in gender: in
 * Spanish and French a question says «¿Qué le hacía reír a {name}?» rather than using an
 * adjective, and in English it says "they".
 *
 * The interviewer recognises the question it asked by finding its exact text in Ana's reply, so
 * no question text may be contained in another, in any language or form.
 */

export const anaThemes = [
  'portrait',
  'childhood',
  'family',
  'work',
  'character',
  'sayings',
  'kitchen',
  'traditions',
  'places',
  'stories',
  'hardTimes',
  'together',
  'legacy',
] as const
export type AnaTheme = (typeof anaThemes)[number]

export interface AnaQuestion {
  /** Stable forever, e.g. 'kitchen.bestDish'; never renamed. */
  id: string
  theme: AnaTheme
  text: Record<Language, Tensed>
  /** The genealogical facts this question asks for: an answer that is the fact alone («En Pasto») reads as one. */
  asks?: readonly FactKind[]
}

type Texts = Record<Language, Tensed>

// Keys become the stable id `<theme>.<key>`: rename none, only add. Key order is asking order.
const bank: Record<AnaTheme, Record<string, Texts>> = {
  portrait: {
    firstMemory: {
      es: '¿Cuál es el primer recuerdo que tienes de {name}?',
      en: 'What is your first memory of {name}?',
      fr: 'Quel est votre premier souvenir de {name} ?',
    },
    looks: {
      es: { living: '¿Cómo es {name} físicamente: su cara, sus manos, su manera de vestir?', deceased: '¿Cómo era {name} físicamente: su cara, sus manos, su manera de vestir?' },
      en: {
        living: 'What does {name} look like: their face, their hands, the way they dress?',
        deceased: 'What did {name} look like: their face, their hands, the way they dressed?',
      },
      fr: {
        living: 'À quoi ressemble {name} : son visage, ses mains, sa façon de s’habiller ?',
        deceased: 'À quoi ressemblait {name} : son visage, ses mains, sa façon de s’habiller ?',
      },
    },
    voice: {
      es: { living: '¿Cómo es la voz de {name} y su manera de hablar?', deceased: '¿Cómo era la voz de {name} y su manera de hablar?' },
      en: { living: 'What is {name}’s voice like, and their way of speaking?', deceased: 'What was {name}’s voice like, and their way of speaking?' },
      fr: { living: 'Comment est la voix de {name}, et sa façon de parler ?', deceased: 'Comment était la voix de {name}, et sa façon de parler ?' },
    },
    gesture: {
      es: '¿Qué gesto de {name} reconocerías en cualquier parte?',
      en: 'What gesture of {name}’s would you recognize anywhere?',
      fr: 'Quel geste de {name} reconnaîtriez-vous entre mille ?',
    },
    threeWords: {
      es: '¿Con qué tres palabras describirías a {name}?',
      en: 'What three words would you use to describe {name}?',
      fr: 'Quels trois mots choisiriez-vous pour décrire {name} ?',
    },
    photo: {
      es: '¿Cuál es tu foto favorita de {name} y qué se ve en ella?',
      en: 'What is your favorite photo of {name}, and what does it show?',
      fr: 'Quelle est votre photo préférée de {name}, et que montre-t-elle ?',
    },
  },
  childhood: {
    birthplace: {
      es: '¿Dónde nació {name} y dónde pasó su infancia?',
      en: 'Where was {name} born, and where did they spend their childhood?',
      fr: { living: 'D’où vient {name}, et où s’est passée son enfance ?', deceased: 'D’où venait {name}, et où s’est passée son enfance ?' },
    },
    home: {
      es: '¿Qué sabes de la casa donde creció {name}?',
      en: 'What do you know about the home where {name} grew up?',
      fr: 'Que savez-vous de la maison où a grandi {name} ?',
    },
    toldChildhood: {
      es: { living: '¿Qué te ha contado {name} de su infancia?', deceased: '¿Qué te contó {name} de su infancia?' },
      en: { living: 'What has {name} told you about their childhood?', deceased: 'What did {name} tell you about their childhood?' },
      fr: { living: 'Que vous raconte {name} de son enfance ?', deceased: 'Que vous racontait {name} de son enfance ?' },
    },
    games: {
      es: '¿A qué jugaba {name} en su infancia?',
      en: 'What games did {name} play as a child?',
      fr: 'À quoi jouait {name} dans son enfance ?',
    },
    chores: {
      es: '¿Qué tareas o responsabilidades tuvo {name} desde temprana edad?',
      en: 'What chores or responsibilities did {name} have from an early age?',
      fr: 'Quelles tâches revenaient à {name} dès son plus jeune âge ?',
    },
    dreams: {
      es: '¿Qué soñaba ser {name} de grande?',
      en: 'What did {name} dream of becoming as a child?',
      fr: 'Qu’est-ce que {name} rêvait de devenir, enfant ?',
    },
    times: {
      es: '¿Cómo era la vida en el lugar y la época en que creció {name}?',
      en: 'What was life like in the place and time where {name} grew up?',
      fr: 'Comment était la vie à l’endroit et à l’époque où a grandi {name} ?',
    },
  },
  family: {
    raisedBy: {
      es: '¿Quiénes criaron a {name} y qué sabes de esas personas?',
      en: 'Who raised {name}, and what do you know about them?',
      fr: 'Qui a élevé {name}, et que savez-vous de ces personnes ?',
    },
    grewUpWith: {
      es: '¿Con quiénes creció {name}: hermanos, primos, vecinos?',
      en: 'Who did {name} grow up with: siblings, cousins, neighbors?',
      fr: 'Avec qui a grandi {name} : frères et sœurs, cousins, voisins ?',
    },
    place: {
      es: { living: '¿Qué lugar ocupa {name} en la familia?', deceased: '¿Qué lugar ocupaba {name} en la familia?' },
      en: { living: 'What place does {name} hold in the family?', deceased: 'What place did {name} hold in the family?' },
      fr: { living: 'Quelle place occupe {name} dans la famille ?', deceased: 'Quelle place occupait {name} dans la famille ?' },
    },
    closest: {
      es: { living: '¿Con quién de la familia se lleva mejor {name}?', deceased: '¿Con quién de la familia se llevaba mejor {name}?' },
      en: { living: 'Who in the family is {name} closest to?', deceased: 'Who in the family was {name} closest to?' },
      fr: { living: 'Avec qui, dans la famille, est-ce que {name} s’entend le mieux ?', deceased: 'Avec qui, dans la famille, est-ce que {name} s’entendait le mieux ?' },
    },
    gatherings: {
      es: { living: '¿Cómo es {name} en las reuniones familiares?', deceased: '¿Cómo era {name} en las reuniones familiares?' },
      en: { living: 'What is {name} like at family gatherings?', deceased: 'What was {name} like at family gatherings?' },
      fr: { living: 'Comment est {name} lors des réunions de famille ?', deceased: 'Comment était {name} lors des réunions de famille ?' },
    },
    caring: {
      es: { living: '¿Cómo cuida {name} a las personas que quiere?', deceased: '¿Cómo cuidaba {name} a las personas que quería?' },
      en: { living: 'How does {name} look after the people they love?', deceased: 'How did {name} look after the people they loved?' },
      fr: {
        living: 'Comment est-ce que {name} prend soin des personnes qui lui sont chères ?',
        deceased: 'Comment est-ce que {name} prenait soin des personnes qui lui étaient chères ?',
      },
    },
    familyStory: {
      es: '¿Qué historia de la familia de {name} se sigue contando?',
      en: 'What story about {name}’s family is still told today?',
      fr: 'Quelle histoire de la famille de {name} se raconte encore ?',
    },
  },
  work: {
    trade: {
      es: { living: '¿A qué se dedica o se ha dedicado {name}?', deceased: '¿A qué se dedicaba {name}?' },
      en: { living: 'What has {name} done for a living?', deceased: 'What did {name} do for a living?' },
      fr: { living: 'Quel métier exerce ou a exercé {name} ?', deceased: 'Quel métier exerçait {name} ?' },
    },
    firstJob: {
      es: '¿Cuál fue el primer trabajo de {name}?',
      en: 'What was {name}’s first job?',
      fr: 'Quel a été le premier travail de {name} ?',
    },
    workday: {
      es: { living: '¿Cómo es un día de trabajo para {name}, en casa o fuera de ella?', deceased: '¿Cómo era un día de trabajo para {name}, en casa o fuera de ella?' },
      en: { living: 'What is a working day like for {name}, at home or elsewhere?', deceased: 'What was a working day like for {name}, at home or elsewhere?' },
      fr: {
        living: 'À quoi ressemble une journée de travail de {name}, à la maison ou ailleurs ?',
        deceased: 'À quoi ressemblait une journée de travail de {name}, à la maison ou ailleurs ?',
      },
    },
    hands: {
      es: { living: '¿Qué sabe hacer {name} con las manos?', deceased: '¿Qué sabía hacer {name} con las manos?' },
      en: { living: 'What can {name} make or mend with their hands?', deceased: 'What could {name} make or mend with their hands?' },
      fr: { living: 'Que sait faire {name} de ses mains ?', deceased: 'Que savait faire {name} de ses mains ?' },
    },
    pride: {
      es: { living: '¿De qué logro se enorgullece {name}?', deceased: '¿De qué logro se enorgullecía {name}?' },
      en: { living: 'What achievement is {name} proud of?', deceased: 'What achievement was {name} proud of?' },
      fr: { living: 'Quelle réussite compte le plus pour {name} ?', deceased: 'Quelle réussite comptait le plus pour {name} ?' },
    },
    sacrifices: {
      es: '¿Qué sacrificios hizo {name} por su trabajo o por su familia?',
      en: 'What sacrifices did {name} make for their work or their family?',
      fr: 'Qu’est-ce que {name} a sacrifié pour son travail ou pour sa famille ?',
    },
    workStories: {
      es: { living: '¿Qué anécdotas de su trabajo cuenta {name}?', deceased: '¿Qué anécdotas de su trabajo contaba {name}?' },
      en: { living: 'What stories does {name} tell about their work?', deceased: 'What stories did {name} tell about their work?' },
      fr: { living: 'Quelles anecdotes de son travail raconte {name} ?', deceased: 'Quelles anecdotes de son travail racontait {name} ?' },
    },
  },
  character: {
    laugh: {
      es: { living: '¿Qué le hace reír a {name}?', deceased: '¿Qué le hacía reír a {name}?' },
      en: { living: 'What makes {name} laugh?', deceased: 'What made {name} laugh?' },
      fr: { living: 'Qu’est-ce qui fait rire {name} ?', deceased: 'Qu’est-ce qui faisait rire {name} ?' },
    },
    patience: {
      es: { living: '¿Qué le hace perder la paciencia a {name}?', deceased: '¿Qué le hacía perder la paciencia a {name}?' },
      en: { living: 'What makes {name} lose patience?', deceased: 'What made {name} lose patience?' },
      fr: { living: 'Qu’est-ce qui fait perdre patience à {name} ?', deceased: 'Qu’est-ce qui faisait perdre patience à {name} ?' },
    },
    goodMood: {
      es: { living: '¿Qué pone de buen humor a {name}?', deceased: '¿Qué ponía de buen humor a {name}?' },
      en: { living: 'What puts {name} in a good mood?', deceased: 'What put {name} in a good mood?' },
      fr: { living: 'Qu’est-ce qui met {name} de bonne humeur ?', deceased: 'Qu’est-ce qui mettait {name} de bonne humeur ?' },
    },
    freeTime: {
      es: { living: '¿Qué le gusta hacer a {name} en su tiempo libre?', deceased: '¿Qué le gustaba hacer a {name} en su tiempo libre?' },
      en: { living: 'What does {name} like to do in their free time?', deceased: 'What did {name} like to do in their free time?' },
      fr: { living: 'Qu’est-ce que {name} aime faire de son temps libre ?', deceased: 'Qu’est-ce que {name} aimait faire de son temps libre ?' },
    },
    admired: {
      es: '¿Qué es lo que más admiras de {name}?',
      en: 'What do you admire most about {name}?',
      fr: 'Qu’admirez-vous le plus chez {name} ?',
    },
    quirks: {
      es: { living: '¿Qué manías o costumbres curiosas tiene {name}?', deceased: '¿Qué manías o costumbres curiosas tenía {name}?' },
      en: { living: 'What little quirks or habits does {name} have?', deceased: 'What little quirks or habits did {name} have?' },
      fr: { living: 'Quelles sont les petites manies de {name} ?', deceased: 'Quelles étaient les petites manies de {name} ?' },
    },
    music: {
      es: { living: '¿Qué música le gusta escuchar o cantar a {name}?', deceased: '¿Qué música le gustaba escuchar o cantar a {name}?' },
      en: { living: 'What music does {name} like to listen to or sing?', deceased: 'What music did {name} like to listen to or sing?' },
      fr: { living: 'Quelle musique aime écouter ou chanter {name} ?', deceased: 'Quelle musique aimait écouter ou chanter {name} ?' },
    },
  },
  sayings: {
    phrase: {
      es: { living: '¿Qué frase repite siempre {name}?', deceased: '¿Qué frase repetía siempre {name}?' },
      en: { living: 'What phrase does {name} always repeat?', deceased: 'What phrase did {name} always repeat?' },
      fr: { living: 'Quelle phrase répète sans cesse {name} ?', deceased: 'Quelle phrase répétait sans cesse {name} ?' },
    },
    advice: {
      es: { living: '¿Qué consejo te ha dado {name} que todavía recuerdas?', deceased: '¿Qué consejo te dio {name} que todavía recuerdas?' },
      en: { living: 'What advice has {name} given you that you still remember?', deceased: 'What advice did {name} give you that you still remember?' },
      fr: 'Quel conseil de {name} vous revient encore souvent ?',
    },
    nicknames: {
      es: { living: '¿Qué apodos o palabras cariñosas usa {name}?', deceased: '¿Qué apodos o palabras cariñosas usaba {name}?' },
      en: { living: 'What nicknames or terms of endearment does {name} use?', deceased: 'What nicknames or terms of endearment did {name} use?' },
      fr: { living: 'Quels surnoms ou mots tendres emploie {name} ?', deceased: 'Quels surnoms ou mots tendres employait {name} ?' },
    },
    expressions: {
      es: { living: '¿Qué palabras o expresiones son muy de {name}?', deceased: '¿Qué palabras o expresiones eran muy de {name}?' },
      en: { living: 'What words or expressions are typical of {name}?', deceased: 'What words or expressions were typical of {name}?' },
      fr: { living: 'Quels mots ou quelles expressions sont typiques de {name} ?', deceased: 'Quels mots ou quelles expressions étaient typiques de {name} ?' },
    },
    annoyed: {
      es: { living: '¿Qué dice {name} cuando algo le molesta?', deceased: '¿Qué decía {name} cuando algo le molestaba?' },
      en: { living: 'What does {name} say when something bothers them?', deceased: 'What did {name} say when something bothered them?' },
      fr: { living: 'Que dit {name} quand quelque chose l’agace ?', deceased: 'Que disait {name} quand quelque chose l’agaçait ?' },
    },
    proverb: {
      es: { living: '¿Qué refrán o dicho popular usa {name} a menudo?', deceased: '¿Qué refrán o dicho popular usaba {name} a menudo?' },
      en: { living: 'What proverb or folk saying does {name} often use?', deceased: 'What proverb or folk saying did {name} often use?' },
      fr: { living: 'Quel proverbe ou dicton populaire cite souvent {name} ?', deceased: 'Quel proverbe ou dicton populaire citait souvent {name} ?' },
    },
    otherWords: {
      es: { living: '¿Qué palabras de otra lengua o de su tierra usa {name}?', deceased: '¿Qué palabras de otra lengua o de su tierra usaba {name}?' },
      en: {
        living: 'What words from another language or from their homeland does {name} use?',
        deceased: 'What words from another language or from their homeland did {name} use?',
      },
      fr: {
        living: 'Quels mots d’une autre langue ou de son pays d’origine emploie {name} ?',
        deceased: 'Quels mots d’une autre langue ou de son pays d’origine employait {name} ?',
      },
    },
  },
  kitchen: {
    foodMemory: {
      es: '¿Qué comida te hace pensar en {name}?',
      en: 'What food makes you think of {name}?',
      fr: 'Quel plat vous fait penser à {name} ?',
    },
    bestDish: {
      es: { living: '¿Qué plato le sale mejor a {name}?', deceased: '¿Qué plato le salía mejor a {name}?' },
      en: { living: 'What dish does {name} make best?', deceased: 'What dish did {name} make best?' },
      fr: { living: 'Quel est le plat que {name} réussit le mieux ?', deceased: 'Quel était le plat que {name} réussissait le mieux ?' },
    },
    recipe: {
      es: { living: '¿Cómo prepara {name} su receta más querida, paso a paso?', deceased: '¿Cómo preparaba {name} su receta más querida, paso a paso?' },
      en: { living: 'How does {name} make their best-loved recipe, step by step?', deceased: 'How did {name} make their best-loved recipe, step by step?' },
      fr: {
        living: 'Comment est-ce que {name} prépare sa recette fétiche, étape par étape ?',
        deceased: 'Comment est-ce que {name} préparait sa recette fétiche, étape par étape ?',
      },
    },
    secret: {
      es: { living: '¿Qué truco o ingrediente secreto tiene {name} en la cocina?', deceased: '¿Qué truco o ingrediente secreto tenía {name} en la cocina?' },
      en: { living: 'What kitchen trick or secret ingredient does {name} have?', deceased: 'What kitchen trick or secret ingredient did {name} have?' },
      fr: {
        living: 'Quel est le secret de cuisine de {name} : un tour de main, un ingrédient ?',
        deceased: 'Quel était le secret de cuisine de {name} : un tour de main, un ingrédient ?',
      },
    },
    favoriteFood: {
      es: { living: '¿Cuál es la comida favorita de {name}?', deceased: '¿Cuál era la comida favorita de {name}?' },
      en: { living: 'What is {name}’s favorite food?', deceased: 'What was {name}’s favorite food?' },
      fr: { living: 'Quel est le plat préféré de {name} ?', deceased: 'Quel était le plat préféré de {name} ?' },
    },
    table: {
      es: { living: '¿Cómo es sentarse a la mesa con {name}?', deceased: '¿Cómo era sentarse a la mesa con {name}?' },
      en: { living: 'What is it like to share a meal with {name}?', deceased: 'What was it like to share a meal with {name}?' },
      fr: { living: 'Comment se passe un repas avec {name} ?', deceased: 'Comment se passait un repas avec {name} ?' },
    },
    keepRecipe: {
      es: '¿Qué receta de {name} te gustaría conservar?',
      en: 'Which of {name}’s recipes would you like to keep?',
      fr: 'Quelle recette de {name} aimeriez-vous conserver ?',
    },
  },
  traditions: {
    celebrations: {
      es: { living: '¿Cómo celebra {name} las fiestas importantes del año?', deceased: '¿Cómo celebraba {name} las fiestas importantes del año?' },
      en: { living: 'How does {name} celebrate the important holidays of the year?', deceased: 'How did {name} celebrate the important holidays of the year?' },
      fr: { living: 'Comment est-ce que {name} fête les grandes occasions de l’année ?', deceased: 'Comment est-ce que {name} fêtait les grandes occasions de l’année ?' },
    },
    birthday: {
      es: { living: '¿Cómo le gusta a {name} celebrar su cumpleaños?', deceased: '¿Cómo le gustaba a {name} celebrar su cumpleaños?' },
      en: { living: 'How does {name} like to celebrate their birthday?', deceased: 'How did {name} like to celebrate their birthday?' },
      fr: { living: 'Comment est-ce que {name} aime fêter son anniversaire ?', deceased: 'Comment est-ce que {name} aimait fêter son anniversaire ?' },
    },
    customs: {
      es: { living: '¿Qué costumbres de su tierra o de su familia mantiene {name}?', deceased: '¿Qué costumbres de su tierra o de su familia mantenía {name}?' },
      en: { living: 'What customs from their homeland or family does {name} keep?', deceased: 'What customs from their homeland or family did {name} keep?' },
      fr: { living: 'Quelles coutumes de son pays ou de sa famille perpétue {name} ?', deceased: 'Quelles coutumes de son pays ou de sa famille perpétuait {name} ?' },
    },
    dailyRitual: {
      es: { living: '¿Qué ritual diario tiene {name}, como el café de la mañana o un paseo?', deceased: '¿Qué ritual diario tenía {name}, como el café de la mañana o un paseo?' },
      en: { living: 'What daily ritual does {name} have, like a morning coffee or a walk?', deceased: 'What daily ritual did {name} have, like a morning coffee or a walk?' },
      fr: {
        living: 'Quel rituel fait partie des journées de {name}, comme le café du matin ou une promenade ?',
        deceased: 'Quel rituel faisait partie des journées de {name}, comme le café du matin ou une promenade ?',
      },
    },
    gatheringDate: {
      es: { living: '¿Qué fecha especial reúne a la familia alrededor de {name}?', deceased: '¿Qué fecha especial reunía a la familia alrededor de {name}?' },
      en: { living: 'What special date brings the family together around {name}?', deceased: 'What special date brought the family together around {name}?' },
      fr: { living: 'Quelle date particulière réunit la famille autour de {name} ?', deceased: 'Quelle date particulière réunissait la famille autour de {name} ?' },
    },
    remedies: {
      es: { living: '¿En qué remedios caseros o creencias populares confía {name}?', deceased: '¿En qué remedios caseros o creencias populares confiaba {name}?' },
      en: { living: 'What home remedies or folk beliefs does {name} swear by?', deceased: 'What home remedies or folk beliefs did {name} swear by?' },
      fr: { living: 'À quels remèdes de grand-mère ou croyances populaires tient {name} ?', deceased: 'À quels remèdes de grand-mère ou croyances populaires tenait {name} ?' },
    },
  },
  places: {
    homes: {
      es: { living: '¿En qué lugares ha vivido {name}?', deceased: '¿En qué lugares vivió {name}?' },
      en: { living: 'Where has {name} lived over the years?', deceased: 'Where did {name} live over the years?' },
      fr: 'Où a vécu {name} au fil des années ?',
    },
    favoritePlace: {
      es: { living: '¿Cuál es el lugar favorito de {name} en el mundo?', deceased: '¿Cuál era el lugar favorito de {name} en el mundo?' },
      en: { living: 'What is {name}’s favorite place in the world?', deceased: 'What was {name}’s favorite place in the world?' },
      fr: { living: 'Quel est l’endroit préféré de {name} au monde ?', deceased: 'Quel était l’endroit préféré de {name} au monde ?' },
    },
    house: {
      es: { living: '¿Cómo es la casa de {name}: qué se ve, qué se oye, a qué huele?', deceased: '¿Cómo era la casa de {name}: qué se veía, qué se oía, a qué olía?' },
      en: { living: 'What is {name}’s home like: what do you see, hear and smell there?', deceased: 'What was {name}’s home like: what did you see, hear and smell there?' },
      fr: {
        living: 'Comment est la maison de {name} : ce qu’on y voit, ce qu’on y entend, ce qu’on y sent ?',
        deceased: 'Comment était la maison de {name} : ce qu’on y voyait, ce qu’on y entendait, ce qu’on y sentait ?',
      },
    },
    journey: {
      es: '¿Qué viaje importante hizo {name} y por qué?',
      en: 'What important journey did {name} make, and why?',
      fr: 'Quel voyage important a fait {name}, et pourquoi ?',
    },
    moves: {
      es: '¿Qué sabes de las mudanzas o migraciones de {name}?',
      en: 'What do you know about the moves or migrations in {name}’s life?',
      fr: 'Que savez-vous des déménagements ou des migrations de {name} ?',
    },
    neighborhood: {
      es: { living: '¿Cómo es el barrio o el pueblo de {name}, y quiénes son sus vecinos?', deceased: '¿Cómo era el barrio o el pueblo de {name}, y quiénes eran sus vecinos?' },
      en: {
        living: 'What is {name}’s neighborhood or village like, and who are the neighbors?',
        deceased: 'What was {name}’s neighborhood or village like, and who were the neighbors?',
      },
      fr: {
        living: 'Comment est le quartier ou le village de {name}, et qui sont ses voisins ?',
        deceased: 'Comment était le quartier ou le village de {name}, et qui étaient ses voisins ?',
      },
    },
    dreamPlace: {
      es: { living: '¿Qué lugar sueña conocer {name}?', deceased: '¿Qué lugar soñaba conocer {name}?' },
      en: { living: 'What place does {name} dream of seeing?', deceased: 'What place did {name} dream of seeing?' },
      fr: { living: 'Quel endroit rêve de découvrir {name} ?', deceased: 'Quel endroit rêvait de découvrir {name} ?' },
    },
  },
  stories: {
    favoriteStory: {
      es: { living: '¿Qué historia cuenta {name} una y otra vez?', deceased: '¿Qué historia contaba {name} una y otra vez?' },
      en: { living: 'What story does {name} tell again and again?', deceased: 'What story did {name} tell again and again?' },
      fr: { living: 'Quelle histoire raconte {name} encore et encore ?', deceased: 'Quelle histoire racontait {name} encore et encore ?' },
    },
    adventure: {
      es: { living: '¿Qué aventura de su juventud le gusta contar a {name}?', deceased: '¿Qué aventura de su juventud le gustaba contar a {name}?' },
      en: { living: 'What adventure from their youth does {name} love to tell?', deceased: 'What adventure from their youth did {name} love to tell?' },
      fr: { living: 'Quelle aventure de jeunesse aime raconter {name} ?', deceased: 'Quelle aventure de jeunesse aimait raconter {name} ?' },
    },
    tales: {
      es: {
        living: '¿Qué cuentos, leyendas o canciones comparte {name} con los más pequeños?',
        deceased: '¿Qué cuentos, leyendas o canciones compartía {name} con los más pequeños?',
      },
      en: { living: 'What tales, legends or songs does {name} share with the little ones?', deceased: 'What tales, legends or songs did {name} share with the little ones?' },
      fr: {
        living: 'Quels contes, légendes ou chansons partage {name} avec les plus petits ?',
        deceased: 'Quels contes, légendes ou chansons partageait {name} avec les plus petits ?',
      },
    },
    earlierGenerations: {
      es: { living: '¿Qué te ha contado {name} de las generaciones anteriores?', deceased: '¿Qué te contó {name} de las generaciones anteriores?' },
      en: { living: 'What has {name} told you about earlier generations?', deceased: 'What did {name} tell you about earlier generations?' },
      fr: { living: 'Que vous raconte {name} des générations précédentes ?', deceased: 'Que vous racontait {name} des générations précédentes ?' },
    },
    history: {
      es: { living: '¿Qué acontecimiento histórico vivió {name} y cómo lo cuenta?', deceased: '¿Qué acontecimiento histórico vivió {name} y cómo lo contaba?' },
      en: {
        living: 'What historical event did {name} live through, and how do they tell it?',
        deceased: 'What historical event did {name} live through, and how did they tell it?',
      },
      fr: { living: 'Que raconte {name} d’un grand événement historique vécu de près ?', deceased: 'Que racontait {name} d’un grand événement historique vécu de près ?' },
    },
    funny: {
      es: '¿Qué anécdota divertida de {name} se cuenta siempre en la familia?',
      en: 'What funny story about {name} does the family always tell?',
      fr: 'Quelle anecdote drôle sur {name} raconte-t-on toujours en famille ?',
    },
  },
  hardTimes: {
    hardship: {
      es: '¿Qué momento difícil tuvo que atravesar {name}?',
      en: 'What hard time did {name} have to go through?',
      fr: 'Quelle épreuve a dû traverser {name} ?',
    },
    strength: {
      es: { living: '¿De dónde saca {name} la fuerza en los momentos duros?', deceased: '¿De dónde sacaba {name} la fuerza en los momentos duros?' },
      en: { living: 'Where does {name} find strength in hard times?', deceased: 'Where did {name} find strength in hard times?' },
      fr: { living: 'Où est-ce que {name} trouve la force dans les moments durs ?', deceased: 'Où est-ce que {name} trouvait la force dans les moments durs ?' },
    },
    loss: {
      es: '¿Qué pérdida marcó la vida de {name}?',
      en: 'What loss left its mark on {name}’s life?',
      fr: 'Quelle perte a marqué la vie de {name} ?',
    },
    support: {
      es: '¿Quién estuvo al lado de {name} en sus peores momentos?',
      en: 'Who stood by {name} in the hardest moments?',
      fr: 'Qui a soutenu {name} dans les moments les plus durs ?',
    },
    // While they live, the stage of life they are in; once they have died, their last years.
    lifeStage: {
      es: { living: '¿Cómo vive {name} esta etapa de su vida?', deceased: '¿Cómo fueron los últimos años de {name}?' },
      en: { living: 'How is {name} getting on at this stage of life?', deceased: 'What were {name}’s last years like?' },
      fr: { living: 'Comment se passe cette étape de la vie pour {name} ?', deceased: 'Comment se sont passées les dernières années de {name} ?' },
    },
    lessons: {
      es: { living: '¿Qué le han enseñado a {name} los tiempos difíciles?', deceased: '¿Qué le enseñaron a {name} los tiempos difíciles?' },
      en: { living: 'What have hard times taught {name}?', deceased: 'What did hard times teach {name}?' },
      fr: 'Qu’est-ce que les épreuves ont appris à {name} ?',
    },
  },
  together: {
    relationship: {
      es: { living: '¿Cómo es tu relación con {name}?', deceased: '¿Cómo era tu relación con {name}?' },
      en: { living: 'What is your relationship with {name} like?', deceased: 'What was your relationship with {name} like?' },
      fr: 'Comment décririez-vous votre relation avec {name} ?',
    },
    sharedMoments: {
      es: { living: '¿Qué te gusta hacer en compañía de {name}?', deceased: '¿Qué te gustaba hacer en compañía de {name}?' },
      en: { living: 'What do you enjoy doing with {name}?', deceased: 'What did you enjoy doing with {name}?' },
      fr: { living: 'Qu’aimez-vous faire en compagnie de {name} ?', deceased: 'Qu’aimiez-vous faire en compagnie de {name} ?' },
    },
    specialDay: {
      es: '¿Qué día compartido con {name} recuerdas con más cariño?',
      en: 'Which day spent with {name} do you remember most fondly?',
      fr: 'Quelle journée passée avec {name} vous reste le plus en mémoire ?',
    },
    reminders: {
      es: '¿Qué olor, sonido u objeto te recuerda enseguida a {name}?',
      en: 'What smell, sound or object instantly reminds you of {name}?',
      fr: 'Quelle odeur, quel son ou quel objet vous rappelle aussitôt {name} ?',
    },
    fewKnow: {
      es: '¿Qué sabes de {name} que pocas personas saben?',
      en: 'What do you know about {name} that few people know?',
      fr: 'Que savez-vous de {name} que peu de gens savent ?',
    },
    laughTogether: {
      es: { living: '¿Qué les hace reír a ti y a {name}?', deceased: '¿Qué les hacía reír a ti y a {name}?' },
      en: { living: 'What makes you and {name} laugh together?', deceased: 'What made you and {name} laugh together?' },
      fr: { living: 'Qu’est-ce qui vous fait rire ensemble, {name} et vous ?', deceased: 'Qu’est-ce qui vous faisait rire ensemble, {name} et vous ?' },
    },
    missing: {
      es: { living: '¿Qué extrañas de {name} cuando pasan un tiempo sin verse?', deceased: '¿Qué es lo que más extrañas de {name}?' },
      en: { living: 'What do you miss about {name} when you go a while without seeing each other?', deceased: 'What do you miss most about {name}?' },
      fr: { living: 'Qu’est-ce qui vous manque chez {name} quand vous passez du temps sans vous voir ?', deceased: 'Qu’est-ce qui vous manque le plus chez {name} ?' },
    },
  },
  legacy: {
    taught: {
      es: { living: '¿Qué te ha enseñado {name}?', deceased: '¿Qué te enseñó {name}?' },
      en: { living: 'What has {name} taught you?', deceased: 'What did {name} teach you?' },
      fr: 'Qu’est-ce que {name} vous a appris ?',
    },
    values: {
      es: { living: '¿Qué valores ha transmitido {name} a su familia?', deceased: '¿Qué valores transmitió {name} a su familia?' },
      en: { living: 'What values has {name} passed on to the family?', deceased: 'What values did {name} pass on to the family?' },
      fr: 'Quelles valeurs est-ce que {name} a transmises à sa famille ?',
    },
    keepsake: {
      es: '¿Qué objeto de {name} guardas o te gustaría guardar?',
      en: 'What object of {name}’s do you keep, or would you like to keep?',
      fr: 'Quel objet de {name} gardez-vous, ou aimeriez-vous garder ?',
    },
    inYou: {
      es: '¿Qué tienes de {name}: un gesto, un gusto, una manera de ser?',
      en: 'What do you carry of {name} in yourself: a gesture, a taste, a way of being?',
      fr: 'Qu’avez-vous de {name} : un geste, un goût, une façon d’être ?',
    },
    rememberedFor: {
      es: '¿Qué te gustaría que las próximas generaciones recordaran de {name}?',
      en: 'What would you like future generations to remember about {name}?',
      fr: 'Que voudriez-vous que les générations futures retiennent de {name} ?',
    },
    gratitude: {
      es: '¿Qué le agradeces a {name}?',
      en: 'What are you grateful to {name} for?',
      fr: 'Pour quoi aimeriez-vous remercier {name} ?',
    },
    unsaid: {
      es: { living: '¿Qué te gustaría decirle a {name} que todavía no le has dicho?', deceased: '¿Qué te habría gustado decirle a {name}?' },
      en: { living: 'What would you like to tell {name} that you have not said yet?', deceased: 'What would you have liked to tell {name}?' },
      fr: { living: 'Que voudriez-vous dire à {name} que vous ne lui avez pas encore dit ?', deceased: 'Qu’auriez-vous aimé dire à {name} ?' },
    },
  },
}

// Only questions whose answer is the fact itself: «¿Qué apodos usa?» asks for the words the
// relative says, not the relative's own nickname, so it asks for none.
const asksById: Record<string, readonly FactKind[]> = {
  'childhood.birthplace': ['birthPlace'],
  'work.trade': ['occupation'],
  'places.homes': ['residence'],
}

/** In theme order, and within a theme in the order Ana asks them (lighter → deeper). */
export const anaQuestions: readonly AnaQuestion[] = anaThemes.flatMap((theme) =>
  Object.entries(bank[theme]).map(([key, text]) => {
    const id = `${theme}.${key}`
    return { id, theme, text, ...(asksById[id] ? { asks: asksById[id] } : {}) }
  }),
)

/** Ana's greeting in guided mode, shown before the first question (which follows it). */
export const anaGreetings: Record<Language, Tensed> = {
  es: 'Hola, soy Ana. Te haré preguntas una por una sobre {name}, para que sus historias queden guardadas en la familia; si prefieres no responder alguna, escribe «otra» o «siguiente».',
  en: 'Hello, I’m Ana. I will ask you questions about {name}, one at a time, so that their stories stay in the family; if you would rather skip one, just write “next” or “skip”.',
  fr: 'Bonjour, je suis Ana. Je vais vous poser des questions sur {name}, une par une, pour que ses histoires restent dans la famille ; si vous préférez en passer une, écrivez « suivante » ou « passer ».',
}

/** Ana's first words when the person has told her about {name} before. */
export const anaWelcomeBacks: Record<Language, Tensed> = {
  es: 'Hola de nuevo. Sigamos recordando a {name} donde lo dejamos; si prefieres saltar una pregunta, escribe «otra».',
  en: 'Welcome back. Let’s go on remembering {name} where we left off; to skip a question, just write “next”.',
  fr: 'Bon retour. Continuons à évoquer {name} là où nous nous étions arrêtés ; pour passer une question, écrivez « suivante ».',
}

/** One short sentence that introduces a theme before its first question. */
export const anaThemeIntroductions: Record<AnaTheme, Record<Language, Tensed>> = {
  portrait: {
    es: {
      living: 'Empecemos por un retrato de {name}: cómo es, cómo habla, cómo se mueve.',
      deceased: 'Empecemos por un retrato de {name}: cómo era, cómo hablaba, cómo se movía.',
    },
    en: { living: 'Let’s begin with a portrait of {name}: how they look, speak and move.', deceased: 'Let’s begin with a portrait of {name}: how they looked, spoke and moved.' },
    fr: 'Commençons par un portrait de {name} : son allure, sa voix, ses gestes.',
  },
  childhood: {
    es: 'Volvamos ahora a la infancia de {name}.',
    en: 'Now let’s go back to {name}’s childhood.',
    fr: 'Remontons maintenant à l’enfance de {name}.',
  },
  family: {
    es: 'Hablemos de la familia de {name}, la de sangre y la elegida.',
    en: 'Let’s talk about {name}’s family, by blood and by choice.',
    fr: 'Parlons de la famille de {name}, celle du sang et celle du cœur.',
  },
  work: {
    es: 'Ahora hablemos del trabajo de {name}, en casa o fuera de ella.',
    en: 'Now let’s talk about {name}’s work, at home or beyond.',
    fr: 'Parlons maintenant du travail de {name}, à la maison ou ailleurs.',
  },
  character: {
    es: { living: 'Pensemos ahora en cómo es {name}: su carácter, sus gustos, su humor.', deceased: 'Pensemos ahora en cómo era {name}: su carácter, sus gustos, su humor.' },
    en: {
      living: 'Now let’s think about what {name} is like: their character, their tastes, their humor.',
      deceased: 'Now let’s think about what {name} was like: their character, their tastes, their humor.',
    },
    fr: 'Pensons maintenant au caractère de {name}, à ses goûts, à son humour.',
  },
  sayings: {
    es: 'Ahora, las palabras de {name}: sus frases, sus consejos, sus dichos.',
    en: 'Now to {name}’s words: their phrases, their advice, their sayings.',
    fr: 'Place maintenant aux mots de {name} : ses phrases, ses conseils, ses dictons.',
  },
  kitchen: {
    es: 'Pasemos a la cocina y a la mesa de {name}.',
    en: 'Let’s move on to {name}’s kitchen and table.',
    fr: 'Passons à la cuisine et à la table de {name}.',
  },
  traditions: {
    es: 'Hablemos de las fiestas y las costumbres de {name}.',
    en: 'Let’s talk about {name}’s celebrations and customs.',
    fr: 'Parlons des fêtes et des coutumes de {name}.',
  },
  places: {
    es: 'Recorramos los lugares de la vida de {name}.',
    en: 'Let’s walk through the places in {name}’s life.',
    fr: 'Parcourons les lieux de la vie de {name}.',
  },
  stories: {
    es: { living: 'Vamos ahora a las historias que cuenta {name}.', deceased: 'Vamos ahora a las historias que contaba {name}.' },
    en: { living: 'Now to the stories {name} tells.', deceased: 'Now to the stories {name} used to tell.' },
    fr: { living: 'Venons-en aux histoires que raconte {name}.', deceased: 'Venons-en aux histoires que racontait {name}.' },
  },
  hardTimes: {
    es: 'Ahora, si te parece bien, hablaremos de algunos momentos difíciles en la vida de {name}; puedes saltar cualquier pregunta.',
    en: 'Now, if you feel up to it, we will touch on some hard times in {name}’s life; you can skip any question.',
    fr: 'Maintenant, si vous le voulez bien, nous évoquerons quelques moments difficiles de la vie de {name} ; vous pouvez passer n’importe quelle question.',
  },
  together: {
    es: 'Hablemos ahora de ti y de {name}, y de lo que han compartido.',
    en: 'Now let’s talk about you and {name}, and what you have shared.',
    fr: 'Parlons maintenant de vous et de {name}, et de ce que vous avez partagé.',
  },
  legacy: {
    es: { living: 'Para terminar, pensemos en lo que {name} deja en ti y en los tuyos.', deceased: 'Para terminar, pensemos en lo que {name} dejó en ti y en los tuyos.' },
    en: { living: 'To finish, let’s think about what {name} passes on to you and yours.', deceased: 'To finish, let’s think about what {name} passed on to you and yours.' },
    fr: {
      living: 'Pour finir, pensons à ce que {name} vous transmet, à vous et aux vôtres.',
      deceased: 'Pour finir, pensons à ce que {name} vous a transmis, à vous et aux vôtres.',
    },
  },
}

/** Brief acknowledgements of an answer: they thank and keep, never judge or assume the memory was happy. */
export const anaAcknowledgements: Record<Language, readonly string[]> = {
  es: [
    'Gracias por contármelo.',
    'Gracias por compartir este recuerdo.',
    'Queda guardado en la memoria de tu familia.',
    'Lo anoto con cuidado.',
    'Gracias. Cada detalle cuenta.',
    'Gracias por tomarte el tiempo de recordarlo.',
    'Entiendo. Gracias por contarlo con tus palabras.',
    'Gracias. Son estos detalles los que mantienen vivo un recuerdo.',
    'Quienes vengan después podrán leerlo.',
    'Gracias por la confianza.',
  ],
  en: [
    'Thank you for telling me.',
    'Thank you for sharing this memory.',
    'It is kept in your family’s memory now.',
    'I have written that down with care.',
    'Thank you. Every detail matters.',
    'Thank you for taking the time to remember it.',
    'I understand. Thank you for putting it in your own words.',
    'Thank you. Details like these keep a memory alive.',
    'Those who come after will be able to read it.',
    'Thank you for your trust.',
  ],
  fr: [
    'Merci de me l’avoir raconté.',
    'Merci de partager ce souvenir.',
    'Le voici gardé dans la mémoire de votre famille.',
    'Je le note avec soin.',
    'Merci. Chaque détail compte.',
    'Merci d’avoir pris le temps de vous en souvenir.',
    'Je comprends. Merci de l’avoir dit avec vos mots.',
    'Merci. Ce sont ces détails qui gardent un souvenir vivant.',
    'Ceux qui viendront après pourront le lire.',
    'Merci de votre confiance.',
  ],
}

/** Themes whose answers get the gentle acknowledgements. */
export const anaGentleThemes: readonly AnaTheme[] = ['hardTimes']

/** When every question has been asked. */
export const anaClosings: Record<Language, Tensed> = {
  es: 'Ya te hice todas mis preguntas sobre {name}. Gracias por compartir tus recuerdos; puedes seguir contándome de {name} lo que quieras, cuando quieras.',
  en: 'I have asked you all my questions about {name}. Thank you for sharing your memories; you can keep telling me about {name} whenever you like.',
  fr: 'Je vous ai posé toutes mes questions sur {name}. Merci de partager vos souvenirs ; vous pouvez continuer à me parler de {name} quand vous le voulez.',
}
