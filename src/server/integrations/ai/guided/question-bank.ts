import type { FactKind } from '../../../../shared/facts/index.ts'
import type { Language } from '../../../../shared/limits.ts'

/**
 * What Cronos says in guided mode, when no AI model is configured: a fixed interview, one
 * question at a time, chapter by chapter. Spanish is neutral Latin American with «tú»; French
 * uses «vous» and a no-break space before ? ! : ; as the web locales do.
 *
 * Questions never assume a father, a partner, children, schooling or a religion, and avoid
 * gendered adjectives about the person, who may be anyone.
 */

export const chapters = ['origins', 'childhood', 'family', 'school', 'youth', 'love', 'work', 'places', 'traditions', 'hardTimes', 'joys', 'lessons', 'wishes'] as const
export type Chapter = (typeof chapters)[number]

export interface GuidedQuestion {
  /** Stable forever, e.g. 'origins.birthplace'; never renumber. */
  id: string
  chapter: Chapter
  text: Record<Language, string>
  /** The genealogical facts this question asks for: an answer that is the fact alone («En Pasto») reads as one. */
  asks?: readonly FactKind[]
}

type Texts = Record<Language, string>

// Keys become the stable id `<chapter>.<key>`: rename none, only add. Key order is asking order.
const bank: Record<Chapter, Record<string, Texts>> = {
  origins: {
    birthplace: {
      es: '¿En qué pueblo o ciudad naciste?',
      en: 'In what town or city were you born?',
      fr: 'Dans quelle ville ou quel village avez-vous vu le jour ?',
    },
    birthStory: {
      es: '¿Qué te han contado sobre el día en que naciste?',
      en: 'What have you been told about the day you were born?',
      fr: 'Que vous a-t-on raconté sur le jour de votre naissance ?',
    },
    name: {
      es: '¿Sabes por qué te pusieron el nombre que llevas?',
      en: 'Do you know why you were given your name?',
      fr: 'Savez-vous pourquoi on vous a donné votre prénom ?',
    },
    raisedBy: {
      es: '¿Quiénes te criaron en tus primeros años?',
      en: 'Who raised you in your earliest years?',
      fr: 'Qui s’est occupé de vous dans vos premières années ?',
    },
    caregiversOrigins: {
      es: '¿De dónde venían las personas que te criaron?',
      en: 'Where did the people who raised you come from?',
      fr: 'D’où venaient les personnes qui se sont occupées de vous ?',
    },
    grandparents: {
      es: '¿Qué historias conoces de tus abuelos o bisabuelos?',
      en: 'What stories do you know about your grandparents or great-grandparents?',
      fr: 'Quelles histoires connaissez-vous sur vos grands-parents ou arrière-grands-parents ?',
    },
    ancestorsTrades: {
      es: '¿A qué se dedicaban tus antepasados?',
      en: 'What did your ancestors do for a living?',
      fr: 'Quels métiers exerçaient vos ancêtres ?',
    },
    migration: {
      es: '¿Hay en tu familia alguna historia de viaje o de mudanza a otra tierra?',
      en: 'Is there a story in your family of a journey or a move to another land?',
      fr: 'Y a-t-il dans votre famille une histoire de voyage ou d’installation sur une autre terre ?',
    },
    heirloom: {
      es: '¿Qué objeto, foto o receta de tus antepasados guarda todavía tu familia?',
      en: 'What object, photo or recipe from your ancestors does your family still keep?',
      fr: 'Quel objet, quelle photo ou quelle recette de vos ancêtres votre famille garde-t-elle encore ?',
    },
  },
  childhood: {
    firstMemory: {
      es: '¿Cuál es el recuerdo más antiguo que tienes?',
      en: 'What is your earliest memory?',
      fr: 'Quel est votre plus ancien souvenir ?',
    },
    homeCorner: {
      es: '¿Qué rincón de la casa de tu infancia recuerdas con más claridad?',
      en: 'Which corner of your childhood home do you remember most clearly?',
      fr: 'De quel coin de la maison de votre enfance vous souvenez-vous le mieux ?',
    },
    games: {
      es: '¿Cuáles eran tus juegos favoritos en la infancia?',
      en: 'What were your favorite games as a child?',
      fr: 'Quels étaient vos jeux préférés quand vous étiez enfant ?',
    },
    playmates: {
      es: '¿Con quiénes jugabas en tu infancia?',
      en: 'Who did you play with as a child?',
      fr: 'Avec qui jouiez-vous quand vous étiez enfant ?',
    },
    smellsAndSounds: {
      es: '¿Qué olores o sonidos te devuelven de golpe a tu infancia?',
      en: 'What smells or sounds take you straight back to your childhood?',
      fr: 'Quelles odeurs ou quels sons vous ramènent tout droit à votre enfance ?',
    },
    chores: {
      es: '¿Qué tareas o responsabilidades tenías en casa durante tu infancia?',
      en: 'What chores or responsibilities did you have at home as a child?',
      fr: 'Quelles tâches ou responsabilités aviez-vous à la maison quand vous étiez enfant ?',
    },
    mischief: {
      es: '¿Qué travesura de tu infancia todavía recuerdas?',
      en: 'What bit of childhood mischief do you still remember?',
      fr: 'De quelle bêtise d’enfance vous souvenez-vous encore ?',
    },
    dreams: {
      es: '¿Qué soñabas ser de grande?',
      en: 'What did you dream of becoming when you grew up?',
      fr: 'Enfant, que rêviez-vous de devenir plus tard ?',
    },
    fears: {
      es: '¿Qué cosas te daban miedo en tu infancia?',
      en: 'What frightened you as a child?',
      fr: 'Qu’est-ce qui vous faisait peur quand vous étiez enfant ?',
    },
  },
  family: {
    household: {
      es: '¿Quiénes vivían contigo en la casa donde creciste?',
      en: 'Who lived with you in the home where you grew up?',
      fr: 'Qui vivait avec vous dans la maison où vous avez grandi ?',
    },
    meals: {
      es: '¿Cómo eran las comidas en tu casa durante tu infancia?',
      en: 'What were mealtimes like in your home when you were a child?',
      fr: 'Comment se passaient les repas chez vous quand vous étiez enfant ?',
    },
    caregivers: {
      es: '¿Cómo describirías a las personas que te cuidaron en tu infancia?',
      en: 'How would you describe the people who looked after you as a child?',
      fr: 'Comment décririez-vous les personnes qui ont pris soin de vous quand vous étiez enfant ?',
    },
    siblings: {
      es: '¿Cómo te llevabas con los hermanos, primos u otros niños con los que creciste, si los hubo?',
      en: 'How did you get along with the siblings, cousins or other children you grew up with, if there were any?',
      fr: 'Comment vous entendiez-vous avec les frères et sœurs, cousins ou autres enfants de votre enfance, s’il y en avait ?',
    },
    resemblance: {
      es: '¿A quién de tu familia te pareces más, en carácter o en aspecto?',
      en: 'Who in your family are you most like, in character or in looks?',
      fr: 'À qui ressemblez-vous le plus dans votre famille, par le caractère ou le physique ?',
    },
    saying: {
      es: '¿Qué frase o dicho repetía siempre alguien de tu familia?',
      en: 'What phrase or saying did someone in your family always repeat?',
      fr: 'Quelle phrase ou quel dicton quelqu’un de votre famille répétait-il sans cesse ?',
    },
    familyStory: {
      es: '¿Qué historia familiar se contaba una y otra vez?',
      en: 'What family story was told again and again?',
      fr: 'Quelle histoire de famille racontait-on encore et encore ?',
    },
    chosenFamily: {
      es: '¿Quiénes han sido familia para ti sin compartir tu sangre?',
      en: 'Who has been family to you without sharing your blood?',
      fr: 'Qui a été une famille pour vous sans être du même sang ?',
    },
    inYourCare: {
      es: '¿Qué recuerdas de tus primeros días con hijos u otras personas a tu cuidado, si los tuviste?',
      en: 'What do you remember of your first days with children or others in your care, if you had them?',
      fr: 'Quel souvenir gardez-vous de vos premiers jours avec des enfants ou d’autres personnes à votre charge, si vous en avez eu ?',
    },
  },
  school: {
    firstSchool: {
      es: '¿Qué recuerdas de tu primera escuela o del lugar donde aprendiste tus primeras letras?',
      en: 'What do you remember of your first school, or of the place where you learned your first letters?',
      fr: 'Quel souvenir gardez-vous de votre première école, ou de l’endroit où vous avez appris vos premières lettres ?',
    },
    wayToSchool: {
      es: '¿Cómo llegabas a la escuela cada mañana?',
      en: 'How did you get to school each morning?',
      fr: 'Comment alliez-vous à l’école chaque matin ?',
    },
    classroom: {
      es: '¿Cómo era tu salón de clases: los pupitres, los olores, los ruidos?',
      en: 'What was your classroom like: the desks, the smells, the sounds?',
      fr: 'À quoi ressemblait votre salle de classe : les pupitres, les odeurs, les bruits ?',
    },
    recess: {
      es: '¿A qué jugaban en el recreo?',
      en: 'What did you play at recess?',
      fr: 'À quoi jouiez-vous pendant la récréation ?',
    },
    favoriteSubject: {
      es: '¿Qué materia o actividad disfrutabas más?',
      en: 'Which subject or activity did you enjoy most?',
      fr: 'Quelle matière ou quelle activité aimiez-vous le plus ?',
    },
    teacher: {
      es: '¿Qué maestra o maestro dejó una huella en ti?',
      en: 'Which teacher left a mark on you?',
      fr: 'Quel enseignant ou quelle enseignante a laissé une trace dans votre vie ?',
    },
    classmates: {
      es: '¿Qué compañeros de clase recuerdas todavía?',
      en: 'Which classmates do you still remember?',
      fr: 'De quels camarades de classe vous souvenez-vous encore ?',
    },
    endOfStudies: {
      es: '¿Cómo terminaron tus años de estudio?',
      en: 'How did your years of schooling come to an end?',
      fr: 'Comment vos années d’études ont-elles pris fin ?',
    },
    lifeLessons: {
      es: '¿Qué aprendiste fuera de la escuela que ningún salón de clases te habría enseñado?',
      en: 'What did you learn outside school that no classroom could have taught you?',
      fr: 'Qu’avez-vous appris hors de l’école qu’aucune salle de classe ne vous aurait enseigné ?',
    },
  },
  youth: {
    atFifteen: {
      es: '¿Cómo eras a los quince años?',
      en: 'What were you like at fifteen?',
      fr: 'Comment étiez-vous à quinze ans ?',
    },
    songs: {
      es: '¿Qué canciones sonaban en tu juventud?',
      en: 'What songs were playing when you were young?',
      fr: 'Quelles chansons entendait-on pendant votre jeunesse ?',
    },
    fashion: {
      es: '¿Qué ropa o peinados estaban de moda cuando eras joven?',
      en: 'What clothes or hairstyles were in fashion when you were young?',
      fr: 'Quels vêtements ou quelles coiffures étaient à la mode dans votre jeunesse ?',
    },
    companions: {
      es: '¿Con quiénes pasabas el tiempo en tu juventud?',
      en: 'Who did you spend your time with in your youth?',
      fr: 'Avec qui passiez-vous votre temps dans votre jeunesse ?',
    },
    outings: {
      es: '¿Adónde iban a divertirse los jóvenes de tu pueblo o barrio?',
      en: 'Where did young people in your town or neighborhood go to have fun?',
      fr: 'Où les jeunes de votre village ou de votre quartier allaient-ils s’amuser ?',
    },
    dance: {
      es: '¿Qué fiesta o baile de tu juventud recuerdas con más cariño?',
      en: 'Which party or dance from your youth do you remember most fondly?',
      fr: 'De quelle fête ou de quel bal de votre jeunesse gardez-vous le plus tendre souvenir ?',
    },
    worldEvents: {
      es: '¿Qué acontecimiento de tu país o del mundo marcó tu juventud?',
      en: 'What event in your country or in the world marked your youth?',
      fr: 'Quel événement de votre pays ou du monde a marqué votre jeunesse ?',
    },
    disagreements: {
      es: '¿En qué no estabas de acuerdo con los mayores de tu época?',
      en: 'What did you disagree with the older people of your time about?',
      fr: 'Sur quoi n’étiez-vous pas d’accord avec les aînés de votre époque ?',
    },
    ownWay: {
      es: '¿Cómo fue el momento en que empezaste a hacer tu propia vida?',
      en: 'What was it like when you began to make your own way in life?',
      fr: 'Comment s’est passé le moment où vous avez commencé à faire votre propre vie ?',
    },
  },
  love: {
    lovedOnes: {
      es: '¿A quiénes has querido mucho a lo largo de tu vida?',
      en: 'Who are the people you have loved deeply throughout your life?',
      fr: 'Quelles sont les personnes que vous avez profondément aimées au cours de votre vie ?',
    },
    friendship: {
      es: '¿Qué amistad ha sido un tesoro para ti?',
      en: 'Which friendship has been a treasure to you?',
      fr: 'Quelle amitié a été un trésor pour vous ?',
    },
    firstLove: {
      es: '¿Cómo era tu primer amor, si lo recuerdas?',
      en: 'What was your first love like, if you remember?',
      fr: 'Comment était votre premier amour, si vous vous en souvenez ?',
    },
    courtship: {
      es: '¿Cómo se cortejaban los jóvenes en tus tiempos?',
      en: 'How did young people court each other in your day?',
      fr: 'Comment les jeunes se faisaient-ils la cour à votre époque ?',
    },
    partner: {
      es: '¿Cómo conociste a la persona con quien compartiste tu vida, si hubo alguien así?',
      en: 'How did you meet the person you shared your life with, if there was someone?',
      fr: 'Comment avez-vous rencontré la personne avec qui vous avez partagé votre vie, s’il y a eu quelqu’un ?',
    },
    keepsake: {
      es: '¿Qué carta, foto o regalo guardas que te recuerde a alguien querido?',
      en: 'What letter, photo or gift do you keep that reminds you of someone dear?',
      fr: 'Quelle lettre, quelle photo ou quel cadeau gardez-vous qui vous rappelle une personne chère ?',
    },
    feltCaredFor: {
      es: '¿Cuándo has sentido con más fuerza el cariño de alguien?',
      en: 'When have you felt someone’s affection most strongly?',
      fr: 'Quand avez-vous ressenti le plus fortement l’affection de quelqu’un ?',
    },
    meaning: {
      es: '¿Qué es para ti el amor, después de todo lo vivido?',
      en: 'After all you have lived, what does love mean to you?',
      fr: 'Après tout ce que vous avez vécu, qu’est-ce que l’amour pour vous ?',
    },
  },
  work: {
    firstWork: {
      es: '¿Cuál fue el primer trabajo que hiciste, pagado o no?',
      en: 'What was the first work you ever did, paid or unpaid?',
      fr: 'Quel a été votre tout premier travail, rémunéré ou non ?',
    },
    firstWages: {
      es: '¿En qué usaste tu primer sueldo, si lo recuerdas?',
      en: 'What did you do with your first wages, if you remember?',
      fr: 'Qu’avez-vous fait de votre premier salaire, si vous vous en souvenez ?',
    },
    ordinaryDay: {
      es: '¿Cómo era un día normal en el trabajo que hiciste por más tiempo?',
      en: 'What was an ordinary day like in the work you did the longest?',
      fr: 'Comment se déroulait une journée ordinaire dans le travail que vous avez fait le plus longtemps ?',
    },
    toolsAndSounds: {
      es: '¿Qué herramientas, olores o sonidos acompañaban tu trabajo?',
      en: 'What tools, smells or sounds went with your work?',
      fr: 'Quels outils, quelles odeurs ou quels bruits accompagnaient votre travail ?',
    },
    mentor: {
      es: '¿Quién te enseñó los secretos de tu oficio?',
      en: 'Who taught you the secrets of your trade?',
      fr: 'Qui vous a appris les secrets de votre métier ?',
    },
    colleagues: {
      es: '¿Qué compañeros de trabajo recuerdas con más cariño?',
      en: 'Which people you worked with do you remember most warmly?',
      fr: 'De quels collègues vous souvenez-vous avec le plus d’affection ?',
    },
    careWork: {
      es: '¿Qué trabajo hiciste en casa o cuidando a otros que merece ser contado?',
      en: 'What work did you do at home or caring for others that deserves to be told?',
      fr: 'Quel travail avez-vous accompli à la maison ou auprès des autres qui mérite d’être raconté ?',
    },
    pride: {
      es: '¿Qué logro en tu trabajo te llena de orgullo?',
      en: 'What achievement in your work fills you with pride?',
      fr: 'Quelle réussite dans votre travail est pour vous une source de fierté ?',
    },
    retirement: {
      es: '¿Cómo viviste el momento de dejar de trabajar, si ya llegó?',
      en: 'What was it like to stop working, if that time has come?',
      fr: 'Comment avez-vous vécu la fin de vos années de travail, si ce moment est arrivé ?',
    },
  },
  places: {
    homes: {
      es: '¿Cuál de las casas donde viviste recuerdas con más detalle?',
      en: 'Of all the homes you have lived in, which do you remember in the most detail?',
      fr: 'De toutes les maisons où vous avez vécu, laquelle gardez-vous le plus précisément en mémoire ?',
    },
    street: {
      es: '¿Cómo era la calle o el camino frente a tu casa?',
      en: 'What was the street or road outside your home like?',
      fr: 'À quoi ressemblait la rue ou le chemin devant chez vous ?',
    },
    neighbors: {
      es: '¿Qué vecinos o vecinas recuerdas todavía?',
      en: 'Which neighbors do you still remember?',
      fr: 'De quels voisins ou voisines vous souvenez-vous encore ?',
    },
    townCenter: {
      es: '¿Cómo era la plaza, el mercado o el centro de tu pueblo o ciudad?',
      en: 'What was the square, the market or the center of your town like?',
      fr: 'À quoi ressemblaient la place, le marché ou le centre de votre ville ou village ?',
    },
    moves: {
      es: '¿Qué mudanza cambió más tu vida, si alguna vez te mudaste?',
      en: 'Which move changed your life the most, if you ever moved?',
      fr: 'Quel déménagement a le plus changé votre vie, si vous avez déménagé ?',
    },
    journey: {
      es: '¿Cuál es el viaje que más recuerdas?',
      en: 'Which journey do you remember the most?',
      fr: 'De quel voyage vous souvenez-vous le plus ?',
    },
    landscape: {
      es: '¿Qué paisaje sientes como tuyo: un río, el mar, una montaña?',
      en: 'Which landscape feels like your own: a river, the sea, a mountain?',
      fr: 'Quel paysage sentez-vous comme le vôtre : une rivière, la mer, une montagne ?',
    },
    changedPlace: {
      es: '¿Qué lugar querido ha cambiado tanto que ya casi no lo reconoces?',
      en: 'Which beloved place has changed so much that you barely recognize it?',
      fr: 'Quel lieu cher à votre cœur a tellement changé que vous le reconnaissez à peine ?',
    },
    goBack: {
      es: '¿A qué lugar de tu pasado volverías hoy, si pudieras?',
      en: 'Which place from your past would you return to today, if you could?',
      fr: 'Dans quel lieu de votre passé retourneriez-vous aujourd’hui, si vous le pouviez ?',
    },
  },
  traditions: {
    holiday: {
      es: '¿Qué fiesta del año esperabas con más ilusión?',
      en: 'Which celebration of the year did you look forward to the most?',
      fr: 'Quelle fête de l’année attendiez-vous avec le plus d’impatience ?',
    },
    kitchenSmells: {
      es: '¿Qué olores salían de la cocina de tu casa en los días de fiesta?',
      en: 'What smells came from the kitchen of your home on holidays?',
      fr: 'Quelles odeurs s’échappaient de la cuisine de votre maison les jours de fête ?',
    },
    dish: {
      es: '¿Qué plato de tu familia te gustaría que nadie olvidara?',
      en: 'Which family dish would you like no one to forget?',
      fr: 'Quel plat de votre famille aimeriez-vous que personne n’oublie ?',
    },
    songs: {
      es: '¿Qué canciones se cantaban en tu casa?',
      en: 'What songs were sung in your home?',
      fr: 'Quelles chansons chantait-on chez vous ?',
    },
    lullaby: {
      es: '¿Qué canción de cuna, rima o cuento te quedó de la infancia?',
      en: 'What lullaby, rhyme or tale has stayed with you since childhood?',
      fr: 'Quelle berceuse, quelle comptine ou quelle histoire vous reste de votre enfance ?',
    },
    remedies: {
      es: '¿Qué remedios caseros se usaban en tu familia?',
      en: 'What home remedies did your family use?',
      fr: 'Quels remèdes de grand-mère utilisait-on dans votre famille ?',
    },
    words: {
      es: '¿Qué palabras o expresiones de tu tierra sigues usando?',
      en: 'What words or expressions from your homeland do you still use?',
      fr: 'Quels mots ou quelles expressions de votre région employez-vous encore ?',
    },
    faithAndCustoms: {
      es: '¿Qué lugar han tenido en tu vida la fe, la espiritualidad o las costumbres de tu gente?',
      en: 'What place have faith, spirituality or the customs of your people had in your life?',
      fr: 'Quelle place la foi, la spiritualité ou les coutumes des vôtres ont-elles eue dans votre vie ?',
    },
    keptAlive: {
      es: '¿Qué tradición has mantenido viva a lo largo de los años?',
      en: 'Which tradition have you kept alive over the years?',
      fr: 'Quelle tradition avez-vous gardée vivante au fil des années ?',
    },
  },
  // Every question here is invitational or conditional: the person may have lived none of it.
  hardTimes: {
    difficultTime: {
      es: '¿Te gustaría contarme sobre alguna época difícil que te tocó vivir?',
      en: 'Would you like to tell me about a difficult time you went through?',
      fr: 'Aimeriez-vous me parler d’une période difficile que vous avez traversée ?',
    },
    support: {
      es: '¿Dónde encontraste apoyo en los momentos duros, si quieres contarlo?',
      en: 'Where did you find support in hard moments, if you would like to share?',
      fr: 'Où avez-vous trouvé du soutien dans les moments durs, si vous souhaitez en parler ?',
    },
    scarcity: {
      es: '¿Cómo salían adelante en tu casa en tiempos de escasez, si los hubo?',
      en: 'How did your household get by in times of scarcity, if there were any?',
      fr: 'Comment s’en sortait-on chez vous dans les périodes de privation, s’il y en a eu ?',
    },
    upheaval: {
      es: '¿Cómo viviste en el día a día las guerras, crisis o cambios bruscos de tu país, si los hubo?',
      en: 'How did you live day to day through wars, crises or sudden changes in your country, if there were any?',
      fr: 'Comment avez-vous vécu au quotidien les guerres, crises ou bouleversements de votre pays, s’il y en a eu ?',
    },
    fearOfTheFuture: {
      es: '¿Qué te ayudó a seguir adelante cuando el futuro te daba miedo, si alguna vez te pasó?',
      en: 'What helped you keep going when the future frightened you, if that ever happened?',
      fr: 'Qu’est-ce qui vous a permis de continuer quand l’avenir vous faisait peur, si cela vous est arrivé ?',
    },
    someoneMissed: {
      es: '¿Qué te gustaría contar de alguien que ya no está, si deseas recordar a esa persona en estas páginas?',
      en: 'What would you like to tell about someone who is no longer here, if you wish to remember them in these pages?',
      fr: 'Que voudriez-vous raconter de quelqu’un qui n’est plus là, si vous souhaitez évoquer cette personne dans ces pages ?',
    },
    innerStrength: {
      es: '¿Qué descubriste de ti en algún momento difícil?',
      en: 'What did you discover about yourself in a difficult moment?',
      fr: 'Qu’avez-vous découvert sur vous-même dans un moment difficile ?',
    },
    lookingBack: {
      es: '¿Cómo ves hoy, con la distancia del tiempo, los momentos difíciles que atravesaste?',
      en: 'How do you see the hard times you went through, now that time has passed?',
      fr: 'Avec le recul, comment voyez-vous aujourd’hui les moments difficiles que vous avez traversés ?',
    },
  },
  joys: {
    dayToRelive: {
      es: '¿Qué día de tu vida te gustaría volver a vivir?',
      en: 'Which day of your life would you like to live again?',
      fr: 'Quelle journée de votre vie aimeriez-vous revivre ?',
    },
    laughter: {
      es: '¿Qué te hace reír hasta las lágrimas?',
      en: 'What makes you laugh until you cry?',
      fr: 'Qu’est-ce qui vous fait rire aux larmes ?',
    },
    smallPleasures: {
      es: '¿Qué pequeños placeres de la vida diaria disfrutas más?',
      en: 'Which small everyday pleasures do you enjoy the most?',
      fr: 'Quels petits plaisirs du quotidien appréciez-vous le plus ?',
    },
    pastime: {
      es: '¿Qué afición o pasatiempo te ha acompañado durante años?',
      en: 'What hobby or pastime has kept you company for years?',
      fr: 'Quel loisir ou quel passe-temps vous accompagne depuis des années ?',
    },
    happySong: {
      es: '¿Qué canción te alegra el ánimo en cuanto empieza a sonar?',
      en: 'Which song lifts your spirits as soon as it starts playing?',
      fr: 'Quelle chanson vous met de bonne humeur dès les premières notes ?',
    },
    surprise: {
      es: '¿Cuál ha sido la sorpresa más bonita que te han dado?',
      en: 'What is the loveliest surprise anyone has ever given you?',
      fr: 'Quelle est la plus belle surprise qu’on vous ait faite ?',
    },
    quietPride: {
      es: '¿Qué logro personal celebras todavía por dentro?',
      en: 'Which personal achievement do you still quietly celebrate?',
      fr: 'Quelle réussite personnelle célébrez-vous encore en silence ?',
    },
    joyGiven: {
      es: '¿Qué alegría has podido darle a otra persona?',
      en: 'What joy have you been able to give someone else?',
      fr: 'Quelle joie avez-vous pu offrir à quelqu’un ?',
    },
    peace: {
      es: '¿Dónde, o junto a quién, te sientes en paz?',
      en: 'Where, or with whom, do you feel at peace?',
      fr: 'Où, ou auprès de qui, vous sentez-vous en paix ?',
    },
  },
  lessons: {
    bestAdvice: {
      es: '¿Cuál es el mejor consejo que te han dado?',
      en: 'What is the best advice you have ever been given?',
      fr: 'Quel est le meilleur conseil qu’on vous ait donné ?',
    },
    teacherOfLife: {
      es: '¿Qué persona te enseñó más sobre la vida?',
      en: 'Who taught you the most about life?',
      fr: 'Qui vous a le plus appris sur la vie ?',
    },
    changedMind: {
      es: '¿Sobre qué has cambiado de opinión con los años?',
      en: 'What have you changed your mind about over the years?',
      fr: 'Sur quoi avez-vous changé d’avis avec les années ?',
    },
    courage: {
      es: '¿Cuándo te atreviste a hacer algo que te daba miedo?',
      en: 'When did you dare to do something that frightened you?',
      fr: 'Quand avez-vous osé faire quelque chose qui vous faisait peur ?',
    },
    mistake: {
      es: '¿Qué error te enseñó algo valioso?',
      en: 'Which mistake taught you something valuable?',
      fr: 'Quelle erreur vous a appris quelque chose de précieux ?',
    },
    gladDecision: {
      es: '¿De qué decisión de tu vida te alegras hoy?',
      en: 'Which decision in your life are you glad of today?',
      fr: 'De quelle décision de votre vie vous réjouissez-vous aujourd’hui ?',
    },
    values: {
      es: '¿Qué valores han guiado tu vida?',
      en: 'What values have guided your life?',
      fr: 'Quelles valeurs ont guidé votre vie ?',
    },
    youngerSelf: {
      es: '¿Qué le dirías a la persona que eras a los veinte años?',
      en: 'What would you tell the person you were at twenty?',
      fr: 'Que diriez-vous à la personne que vous étiez à vingt ans ?',
    },
    whatMatters: {
      es: '¿Qué es lo que de verdad importa en la vida, según tu experiencia?',
      en: 'In your experience, what really matters in life?',
      fr: 'D’après votre expérience, qu’est-ce qui compte vraiment dans la vie ?',
    },
  },
  wishes: {
    gratitude: {
      es: '¿A quién te gustaría darle las gracias hoy?',
      en: 'Who would you like to thank today?',
      fr: 'Qui aimeriez-vous remercier aujourd’hui ?',
    },
    stillToDo: {
      es: '¿Qué te gustaría hacer todavía?',
      en: 'What would you still like to do?',
      fr: 'Qu’aimeriez-vous encore faire ?',
    },
    traditionToKeep: {
      es: '¿Qué tradición o costumbre te gustaría que tu familia conservara?',
      en: 'Which tradition or custom would you like your family to keep?',
      fr: 'Quelle tradition ou quelle coutume aimeriez-vous que votre famille conserve ?',
    },
    storyToTell: {
      es: '¿Qué historia tuya te gustaría que se siguiera contando?',
      en: 'Which of your stories would you like people to keep telling?',
      fr: 'Laquelle de vos histoires aimeriez-vous que l’on continue de raconter ?',
    },
    treasuredObject: {
      es: '¿Qué objeto tuyo te gustaría que alguien guardara con cariño?',
      en: 'Which of your belongings would you like someone to treasure?',
      fr: 'Quel objet vous appartenant aimeriez-vous que quelqu’un garde précieusement ?',
    },
    world: {
      es: '¿Cómo te gustaría que fuera el mundo para las próximas generaciones?',
      en: 'What kind of world do you hope the next generations will have?',
      fr: 'Quel monde souhaitez-vous aux générations futures ?',
    },
    heartfeltWish: {
      es: '¿Qué deseas de corazón para las personas que quieres?',
      en: 'What do you wish, with all your heart, for the people you love?',
      fr: 'Que souhaitez-vous de tout cœur aux personnes que vous aimez ?',
    },
    message: {
      es: '¿Qué mensaje te gustaría dejar a quienes vengan después de ti?',
      en: 'What message would you like to leave for those who come after you?',
      fr: 'Quel message aimeriez-vous laisser à ceux qui viendront après vous ?',
    },
    rememberedAs: {
      es: '¿Cómo te gustaría que te recordaran?',
      en: 'How would you like to be remembered?',
      fr: 'Comment aimeriez-vous qu’on se souvienne de vous ?',
    },
    lastPage: {
      es: '¿Qué escribirías en la última página de este libro?',
      en: 'What would you write on the last page of this book?',
      fr: 'Qu’écririez-vous sur la dernière page de ce livre ?',
    },
  },
}

// Only questions whose answer is the fact itself: where one was born, not how they met someone.
const asksById: Record<string, readonly FactKind[]> = {
  'origins.birthplace': ['birthPlace'],
}

/** In chapter order, and within a chapter in the order Cronos asks them (gentle → deeper). */
export const questions: readonly GuidedQuestion[] = chapters.flatMap((chapter) =>
  Object.entries(bank[chapter]).map(([key, text]) => {
    const id = `${chapter}.${key}`
    return { id, chapter, text, ...(asksById[id] ? { asks: asksById[id] } : {}) }
  }),
)

/** Cronos' greeting in guided mode, shown before the first question. */
export const greetings: Record<Language, string> = {
  es: 'Hola, soy Cronos. Te haré preguntas una por una para ayudarte a escribir la historia de tu vida; si prefieres no responder alguna, escribe «otra» o «siguiente».',
  en: 'Hello, I’m Cronos. I will ask you questions one at a time to help you write the story of your life; if you would rather skip one, just write “next” or “skip”.',
  fr: 'Bonjour, je suis Cronos. Je vais vous poser des questions une par une pour vous aider à écrire l’histoire de votre vie ; si vous préférez en passer une, écrivez « suivante » ou « passer ».',
}

/** Cronos' first words when the person has answered before. */
export const welcomeBacks: Record<Language, string> = {
  es: 'Hola de nuevo. Sigamos con tu historia donde la dejamos; si prefieres saltar una pregunta, escribe «otra».',
  en: 'Welcome back. Let’s go on with your story where we left off; to skip a question, just write “next”.',
  fr: 'Bon retour. Reprenons votre histoire là où nous l’avions laissée ; pour passer une question, écrivez « suivante ».',
}

/** Brief acknowledgements of an answer: they thank and keep, never judge or assume the memory was happy. */
export const acknowledgements: Record<Language, readonly string[]> = {
  es: [
    'Gracias por contármelo.',
    'Gracias por compartir este recuerdo.',
    'Queda guardado en tu historia.',
    'Lo anoto con cuidado.',
    'Gracias. Cada detalle cuenta.',
    'Gracias por tomarte el tiempo de recordarlo.',
    'Entiendo. Gracias por contarlo con tus palabras.',
    'Quienes lo lean podrán conocerte un poco más.',
    'Gracias por la confianza.',
    'Gracias. Son estos detalles los que dan vida a una historia.',
  ],
  en: [
    'Thank you for telling me.',
    'Thank you for sharing this memory.',
    'It is kept in your story now.',
    'I have written that down with care.',
    'Thank you. Every detail matters.',
    'Thank you for taking the time to remember it.',
    'I understand. Thank you for putting it in your own words.',
    'Whoever reads this will know you a little better.',
    'Thank you for your trust.',
    'Thank you. Details like these bring a story to life.',
  ],
  fr: [
    'Merci de me l’avoir raconté.',
    'Merci de partager ce souvenir.',
    'Le voici gardé dans votre histoire.',
    'Je le note avec soin.',
    'Merci. Chaque détail compte.',
    'Merci d’avoir pris le temps de vous en souvenir.',
    'Je comprends. Merci de l’avoir dit avec vos mots.',
    'Ceux qui vous liront vous connaîtront un peu mieux.',
    'Merci de votre confiance.',
    'Merci. Ce sont ces détails qui font vivre une histoire.',
  ],
}

/** Gentler acknowledgements for the hardTimes chapter. */
export const gentleAcknowledgements: Record<Language, readonly string[]> = {
  es: [
    'Gracias por confiarme algo tan personal.',
    'Gracias. Sé que no siempre es fácil recordar.',
    'Lo guardo con mucho respeto.',
    'Gracias por contarlo. Puedes ir a tu ritmo.',
    'Tómate el tiempo que necesites. Gracias por compartirlo.',
  ],
  en: [
    'Thank you for trusting me with something so personal.',
    'Thank you. I know remembering is not always easy.',
    'I will keep this with great respect.',
    'Thank you for sharing it. You can go at your own pace.',
    'Take all the time you need. Thank you for telling me.',
  ],
  fr: [
    'Merci de m’avoir confié quelque chose d’aussi personnel.',
    'Merci. Je sais qu’il n’est pas toujours facile de se souvenir.',
    'Je garde cela avec beaucoup de respect.',
    'Merci de l’avoir partagé. Vous pouvez aller à votre rythme.',
    'Prenez tout le temps qu’il vous faut. Merci de me l’avoir raconté.',
  ],
}

/** Said when the person asks to skip a question, before the next one. */
export const skipReplies: Record<Language, readonly string[]> = {
  es: ['Claro, pasemos a otra.', 'Sin problema. Vamos con otra pregunta.', 'Por supuesto, no hace falta responderla.', 'Está bien, seguimos con otra.'],
  en: ['Of course, let’s move on.', 'No problem. Here is another question.', 'Of course, there is no need to answer that one.', 'That is fine, let’s try another.'],
  fr: ['Bien sûr, passons à une autre.', 'Aucun problème. Voici une autre question.', 'Bien entendu, inutile d’y répondre.', 'D’accord, continuons avec une autre.'],
}

/**
 * Replies that mean "skip this question", lower-case, accents as typed. The engine compares them
 * without case, accents or punctuation, and finds a phrase of several words inside a longer
 * reply: so a phrase of several words must be one that no story would contain ('la siguiente'
 * would skip "la siguiente semana nos mudamos…").
 */
export const skipPhrases: Record<Language, readonly string[]> = {
  es: [
    'otra',
    'siguiente',
    'próxima',
    'pasar',
    'paso',
    'saltar',
    'sáltala',
    'hazme otra pregunta',
    'pregúntame otra cosa',
    'pasemos a otra',
    'sigamos con otra',
    'no quiero responder',
    'no quiero contestar',
    'no quiero hablar de eso',
    'prefiero no responder',
    'prefiero no contestar',
    'prefiero no hablar de eso',
  ],
  en: [
    'skip',
    'next',
    'pass',
    'another',
    'skip it',
    'skip this one',
    'skip this question',
    'ask me another',
    'ask me something else',
    "i'd rather not answer",
    'i would rather not answer',
    'i prefer not to answer',
    "i don't want to answer",
    "i don't want to talk about it",
  ],
  fr: [
    'suivante',
    'autre',
    'passer',
    'passons',
    'sauter',
    'posez-moi une autre question',
    'passons à une autre',
    'on passe à la suivante',
    'je préfère ne pas répondre',
    'je ne veux pas répondre',
    'je ne veux pas en parler',
    'je préfère ne pas en parler',
  ],
}

/** One short sentence that introduces a chapter before its first question. */
export const chapterIntroductions: Record<Chapter, Record<Language, string>> = {
  origins: { es: 'Empecemos por tus raíces.', en: 'Let’s begin with your roots.', fr: 'Commençons par vos racines.' },
  childhood: { es: 'Ahora volvamos a tu infancia.', en: 'Now let’s go back to your childhood.', fr: 'Revenons maintenant à votre enfance.' },
  family: {
    es: 'Hablemos ahora de tu familia, la de sangre y la elegida.',
    en: 'Now let’s talk about your family, by blood and by choice.',
    fr: 'Parlons maintenant de votre famille, celle du sang et celle du cœur.',
  },
  school: { es: 'Pasemos a tus años de aprendizaje.', en: 'Let’s move on to your years of learning.', fr: 'Passons à vos années d’apprentissage.' },
  youth: { es: 'Vamos ahora a tus años de juventud.', en: 'Now to the years of your youth.', fr: 'Place maintenant aux années de votre jeunesse.' },
  love: {
    es: 'Hablemos del cariño y de las personas que has querido.',
    en: 'Let’s talk about love and the people you have loved.',
    fr: 'Parlons de l’amour et des personnes qui vous sont chères.',
  },
  work: {
    es: 'Ahora hablemos de tu trabajo, en casa o fuera de ella.',
    en: 'Now let’s talk about your work, at home or beyond.',
    fr: 'Parlons maintenant de votre travail, à la maison ou ailleurs.',
  },
  places: {
    es: 'Recorramos los lugares donde has vivido y viajado.',
    en: 'Let’s walk through the places where you have lived and traveled.',
    fr: 'Parcourons les lieux où vous avez vécu et voyagé.',
  },
  traditions: {
    es: 'Hablemos de las fiestas, las comidas y las costumbres de tu gente.',
    en: 'Let’s talk about the holidays, food and customs of your people.',
    fr: 'Parlons des fêtes, des repas et des coutumes des vôtres.',
  },
  hardTimes: {
    es: 'Ahora, si te parece bien, hablaremos de algunos momentos difíciles; puedes saltar cualquier pregunta.',
    en: 'Now, if you feel up to it, we will touch on some hard times; you can skip any question.',
    fr: 'Maintenant, si vous le voulez bien, nous évoquerons quelques moments difficiles ; vous pouvez passer n’importe quelle question.',
  },
  joys: { es: 'Ahora hablemos de lo que te ha dado alegría.', en: 'Now let’s talk about what has brought you joy.', fr: 'Parlons maintenant de ce qui vous a apporté de la joie.' },
  lessons: { es: 'Pensemos en lo que la vida te ha enseñado.', en: 'Let’s think about what life has taught you.', fr: 'Pensons à ce que la vie vous a appris.' },
  wishes: {
    es: 'Para terminar, pensemos en quienes vendrán después.',
    en: 'To finish, let’s think of those who will come after you.',
    fr: 'Pour finir, pensons à ceux qui viendront après vous.',
  },
}

/** When every question has been asked. */
export const closings: Record<Language, string> = {
  es: 'Ya te hice todas mis preguntas. Gracias por compartir tu historia; puedes seguir contándome lo que quieras, cuando quieras.',
  en: 'I have asked you all my questions. Thank you for sharing your story; you can keep telling me anything you like, whenever you like.',
  fr: 'Je vous ai posé toutes mes questions. Merci de partager votre histoire ; vous pouvez continuer à me raconter ce que vous voulez, quand vous le voulez.',
}
